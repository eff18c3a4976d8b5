import { describe, expect, it } from 'vitest';
import { createPacing } from './pacing';

/** A clock the pacing sleeps on: a sleep moves it forward at once. */
function fakeClock() {
  let time = 0;
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
    },
    at: () => time,
  };
}

describe('Telegram pacing', () => {
  it('sends one message a second to a chat', async () => {
    const clock = fakeClock();
    const pacing = createPacing(clock);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await pacing.turn('chat-1');
      times.push(clock.at());
    }
    expect(times).toEqual([0, 1000, 2000]);
  });

  it('sends at most 30 a second overall, to any chats', async () => {
    const clock = fakeClock();
    const pacing = createPacing(clock);
    const times: number[] = [];
    for (let i = 0; i < 31; i++) {
      await pacing.turn(`chat-${i}`);
      times.push(clock.at());
    }
    expect(times.slice(0, 30).every((time) => time === 0)).toBe(true);
    expect(times[30]).toBe(1000);
  });

  it('waits out what Telegram asked for in a chat', async () => {
    const clock = fakeClock();
    const pacing = createPacing(clock);
    pacing.hold('chat-1', 7);
    await pacing.turn('chat-2');
    expect(clock.at()).toBe(0);
    await pacing.turn('chat-1');
    expect(clock.at()).toBe(7000);
  });
});
