import { describe, expect, it } from 'vitest';
import { ROLES } from './auth.js';
import { isStaff } from './constants.js';
import { ZCreateSupportChatRequest, ZSendSupportMessageRequest, nextSupportStatuses } from './support.js';

describe('support chat statuses', () => {
  it('move forward only, skipping allowed', () => {
    expect(nextSupportStatuses('open')).toEqual(['in_progress', 'resolved', 'closed']);
    expect(nextSupportStatuses('in_progress')).toEqual(['resolved', 'closed']);
    expect(nextSupportStatuses('resolved')).toEqual(['closed']);
    expect(nextSupportStatuses('closed')).toEqual([]);
  });

  it('are changed by moderators and admins', () => {
    expect(ROLES.filter(isStaff)).toEqual(['moderator', 'admin']);
  });
});

describe('support payloads', () => {
  it('trim the subject and default the priority to medium', () => {
    expect(ZCreateSupportChatRequest.parse({ subject: '  Help  ' })).toEqual({ subject: 'Help', priority: 'medium' });
    expect(ZCreateSupportChatRequest.safeParse({ subject: '   ' }).success).toBe(false);
  });

  it('trim messages and refuse empty ones', () => {
    expect(ZSendSupportMessageRequest.parse({ message: ' hi\n' })).toEqual({ message: 'hi' });
    expect(ZSendSupportMessageRequest.safeParse({ message: ' \n ' }).success).toBe(false);
  });
});
