import { describe, expect, it } from 'vitest';
import { ZRegisterRequest, ZUpdateProfileRequest } from './auth.js';
import { ZSendDirectMessageRequest } from './direct-messages.js';
import { ZLiveChatSendRequest } from './live-chat.js';
import { ZCreateSupportChatRequest, ZSendSupportMessageRequest } from './support.js';
import { hasControlCharacters } from './text.js';
import { ZWithdrawRequest } from './withdrawals.js';

/** Each refused character: C0 controls, DEL, a C1 control, every bidirectional embedding, override and isolate. */
const REFUSED = [
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('hasControlCharacters', () => {
  it('refuses controls and bidirectional overrides, and keeps tabs, line breaks and ordinary scripts', () => {
    for (const c of REFUSED) expect(hasControlCharacters(`Ann${c}e`), JSON.stringify(c)).toBe(true);
    expect(hasControlCharacters('Line one\nline\ttwo\r\n')).toBe(false);
    expect(hasControlCharacters('Zoë Ndlovu · שלום · مرحبا · 你好 🙂')).toBe(false);
  });

  it('is applied to names, subjects, messages and account holder names', () => {
    // "Invoice for exe.pdf" shown as "...fdp.exe": the classic right-to-left override spoof.
    const spoof = 'Ann\u202Eexe.pdf';
    const register = {
      firstName: spoof,
      lastName: 'Smith',
      email: 'ann@example.com',
      password: 'Quiet-Harbor-Lantern-41',
      confirmPassword: 'Quiet-Harbor-Lantern-41',
    };
    const refused = [
      ZRegisterRequest.safeParse(register),
      ZRegisterRequest.safeParse({ ...register, firstName: 'Ann', lastName: 'Smith\u2066' }),
      ZUpdateProfileRequest.safeParse({ firstName: spoof, lastName: 'Smith' }),
      ZCreateSupportChatRequest.safeParse({ subject: `Refund ${spoof}` }),
      ZSendSupportMessageRequest.safeParse({ message: spoof }),
      ZLiveChatSendRequest.safeParse({ message: spoof }),
      ZSendDirectMessageRequest.safeParse({ conversationId: 'c', content: spoof, receiverId: 'r' }),
      ZWithdrawRequest.safeParse({
        amount: '100',
        currency: 'ZAR',
        accountHolderName: spoof,
        accountNumber: '12345678',
        bankName: 'FNB',
        branchCode: '250655',
      }),
    ];
    for (const result of refused) expect(result.success).toBe(false);
    expect(
      ZWithdrawRequest.safeParse({
        amount: '100',
        currency: 'ZAR',
        accountHolderName: 'Ann Smith',
        accountNumber: '12345678',
        bankName: 'FNB',
        branchCode: '250655',
      }).success,
    ).toBe(true);
  });
});
