import { describe, expect, it } from 'vitest';
import { mediaTickets } from './media-ticket';

describe('media tickets', () => {
  it('verify for their library until they expire; a changed part or another key fails', () => {
    let now = Date.UTC(2025, 0, 1, 10, 30);
    const tickets = mediaTickets('secret', () => now);
    const ticket = tickets.mint('session-1', 7);
    expect(tickets.verify(ticket, 7)).toEqual({ tokenId: 'session-1', libraryId: 7 });
    // Stable within the hour, so image URLs stay cacheable.
    now += 10 * 60_000;
    expect(tickets.mint('session-1', 7)).toBe(ticket);
    expect(tickets.verify(ticket, 8)).toBeNull();
    expect(tickets.verify(ticket.replace('session-1', 'session-2'), 7)).toBeNull();
    expect(mediaTickets('other', () => now).verify(ticket, 7)).toBeNull();
    expect(tickets.verify('garbage', 7)).toBeNull();
    now = Date.UTC(2025, 0, 1, 12, 0);
    expect(tickets.verify(ticket, 7)).toBeNull();
  });
});
