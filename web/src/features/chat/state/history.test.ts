import type { ConversationView } from '@atende/shared/contracts/conversations/views';
import { describe, expect, it } from 'vitest';
import { pastConversations } from './history.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const CUSTOMER = id(800);

const conv = (n: number): ConversationView => ({
  _id: id(n),
  protocol: `20261121${String(n).padStart(6, '0')}`,
  status: 'closed',
  channel: 'widget',
  integration: id(900),
  customer: { _id: CUSTOMER, full_name: 'Cliente', channel: 'widget' },
  department: null,
  employee: null,
  tabulation: null,
  redistributed: false,
  unread: 0,
  last_message: null,
  created_at: `2026-11-2${n}T10:00:00Z`,
  updated_at: `2026-11-2${n}T10:00:00Z`,
  last_activity_at: `2026-11-2${n}T10:00:00Z`,
  closed_at: null,
});

describe('customer history of the side panel', () => {
  it('lists the other conversations of the customer in the order the server answered', () => {
    const items = [conv(3), conv(2), conv(1)];
    expect(pastConversations(items, id(2)).map((item) => item._id)).toEqual([id(3), id(1)]);
  });

  it('keeps every conversation while none is open', () => {
    expect(pastConversations([conv(1), conv(2)], undefined)).toHaveLength(2);
  });
});
