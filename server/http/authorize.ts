/**
 * Who may call an operation, read from its `security` in openapi.yaml (docs/decisions/0002):
 *   []                          public; a token is not even read
 *   [{}, {bearerAuth: []}]      public, and a valid token identifies the caller
 *   [{bearerAuth: []}]          any signed-in role
 *   [{bearerAuth: [ADMIN, …]}]  only those roles
 * and `x-accepts-expired-token: true` (refresh only) lets a token past its exp through, with
 * everything else about it checked and its session still required to be live.
 * It runs as the route's onRequest hook, before the body is parsed or validated, so an
 * anonymous caller learns nothing about the body an operation expects: 401/403 come before 400.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { isRole, type Role } from '../../src/domain/roles';
import type { SignedInUser, TokenService } from '../auth/tokens';
import { forbidden, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (public operations, or no valid token). */
    user: SignedInUser | null;
  }
}

export interface Access {
  /** No token is read at all. */
  isPublic: boolean;
  /** Callers without a (valid) token are let through. */
  allowsAnonymous: boolean;
  /** Roles a signed-in caller may have: every role, or the listed ones. */
  roles: 'any' | readonly Role[];
  /** A token whose exp has passed is taken while its session lives (POST /api/auth/refresh). */
  acceptsExpiredToken?: boolean;
}

type SecurityRequirement = Record<string, unknown>;

export function accessFromSecurity(security: unknown, operationId: string): Access {
  if (!Array.isArray(security)) throw new Error(`${operationId}: security must be a list`);
  if (security.length === 0) return { isPublic: true, allowsAnonymous: true, roles: [] };
  let allowsAnonymous = false;
  let anyRole = false;
  const roles = new Set<Role>();
  for (const requirement of security as SecurityRequirement[]) {
    const schemes = Object.keys(requirement);
    if (schemes.length === 0) {
      allowsAnonymous = true;
      continue;
    }
    for (const scheme of schemes) {
      const scopes = requirement[scheme];
      if (scheme !== 'bearerAuth' || !Array.isArray(scopes)) {
        throw new Error(`${operationId}: unknown security requirement ${JSON.stringify(requirement)}`);
      }
      if (scopes.length === 0) anyRole = true;
      for (const role of scopes) {
        if (!isRole(role)) throw new Error(`${operationId}: unknown role ${String(role)} in security`);
        roles.add(role);
      }
    }
  }
  return { isPublic: false, allowsAnonymous, roles: anyRole ? 'any' : [...roles] };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function makeAuthorize(access: Access, tokens: TokenService): onRequestAsyncHookHandler {
  return async function authorize(request) {
    if (access.isPublic) return;
    const token = bearerToken(request);
    // On an optional sign-in an expired token is treated as none: the public order form must
    // keep working for someone whose cabinet session ended.
    const user = token
      ? await tokens.authenticate(token, { allowExpired: access.acceptsExpiredToken === true })
      : null;
    request.user = user;
    if (!user) {
      if (access.allowsAnonymous) return;
      throw unauthorized();
    }
    if (access.roles !== 'any' && !access.roles.includes(user.role)) throw forbidden();
  };
}

/** The caller of an operation that requires sign-in (authorize has already answered 401 otherwise). */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
