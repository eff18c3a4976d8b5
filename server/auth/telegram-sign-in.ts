/** Sign-in with the Telegram Login Widget: a checked signature, then the user by telegram_id. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { users } from '../db/schema';
import { telegramNotConfigured, telegramSignatureInvalid } from './errors';
import { type AuthResult, type ClientInfo, completeSignIn } from './sign-in';
import { isValidTelegramLogin, type TelegramLogin } from './telegram';

export async function signInWithTelegram(
  ctx: AppContext,
  login: TelegramLogin,
  client: ClientInfo,
): Promise<AuthResult> {
  const botToken = ctx.config.telegramBotToken;
  if (!botToken) throw telegramNotConfigured();
  if (!isValidTelegramLogin(botToken, login)) throw telegramSignatureInvalid();

  const telegramId = String(login.telegramId);
  // Username and photo are Telegram's and follow it; names are the user's own once set.
  await ctx.db
    .insert(users)
    .values({
      telegramId,
      role: 'USER',
      firstName: login.firstName ?? null,
      lastName: login.lastName ?? null,
      username: login.username ?? null,
      photoUrl: login.photoUrl ?? null,
    })
    .onConflictDoUpdate({
      target: users.telegramId,
      set: { username: login.username ?? null, photoUrl: login.photoUrl ?? null },
    });
  const [user] = await ctx.db.select().from(users).where(eq(users.telegramId, telegramId));
  if (!user) throw new Error('telegram user upsert returned nothing');
  return completeSignIn(ctx, user, client);
}
