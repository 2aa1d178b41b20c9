import { describe, expect, it } from 'vitest';
import { filterConversations } from './filter-conversations';

const conversation = (firstName: string | null, lastName: string | null, description: string) => ({
  otherParticipant: { firstName, lastName },
  transaction: { description },
});

const all = [
  conversation('Thandi', 'Nkosi', 'Vintage record player'),
  conversation('Pieter', 'van Wyk', 'Logo design for a coffee shop'),
  conversation(null, null, 'Hand-made oak table'),
];

describe('filterConversations', () => {
  it('matches the first name, the last name or the description, ignoring case and surrounding spaces', () => {
    expect(filterConversations(all, 'thandi')).toEqual([all[0]]);
    expect(filterConversations(all, '  VAN WYK ')).toEqual([all[1]]);
    expect(filterConversations(all, 'oak')).toEqual([all[2]]);
    expect(filterConversations(all, 'o')).toEqual(all);
  });

  it('keeps everything for an empty search and nothing for a miss', () => {
    expect(filterConversations(all, '')).toEqual(all);
    expect(filterConversations(all, '   ')).toEqual(all);
    expect(filterConversations(all, 'bicycle')).toEqual([]);
  });

  it('also matches the full name as typed', () => {
    expect(filterConversations(all, 'thandi nkosi')).toEqual([all[0]]);
    expect(filterConversations(all, 'Thandi van')).toEqual([]);
  });
});
