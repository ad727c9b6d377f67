import { describe, expect, it } from 'vitest';
import { mediaTickets } from './media-ticket';

describe('media tickets', () => {
  it("verify for their library and session row until they expire; a changed part, another key or another row's secret fails", () => {
    let now = Date.UTC(2025, 0, 1, 10, 30);
    const tickets = mediaTickets('secret', () => now);
    const session = { tokenId: 'session-1', sessionHash: 'a'.repeat(64) };
    const ticket = tickets.mint(session, 7);
    const claims = tickets.verify(ticket, 7);
    expect(claims).toMatchObject({ tokenId: 'session-1', libraryId: 7 });
    expect(claims?.matches(session.sessionHash)).toBe(true);
    // The signing key alone makes no ticket: the row's secret hash is part of the signature.
    expect(claims?.matches('b'.repeat(64))).toBe(false);
    expect(claims?.matches('')).toBe(false);
    // Stable within the hour, so image URLs stay cacheable.
    now += 10 * 60_000;
    expect(tickets.mint(session, 7)).toBe(ticket);
    expect(tickets.verify(ticket, 8)).toBeNull();
    expect(tickets.verify(ticket.replace('session-1', 'session-2'), 7)?.matches(session.sessionHash)).toBe(false);
    expect(
      mediaTickets('other', () => now)
        .verify(ticket, 7)
        ?.matches(session.sessionHash),
    ).toBe(false);
    expect(tickets.verify('garbage', 7)).toBeNull();
    now = Date.UTC(2025, 0, 1, 12, 0);
    expect(tickets.verify(ticket, 7)).toBeNull();
  });
});
