import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { smsOutbox } from '../../db/schema/index.js';

export interface SmsMessage {
  /** E.164, e.g. +27821234567. */
  to: string;
  text: string;
  /** The account it is sent for (the development mailbox shows people only their own). */
  userId?: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/** Stores every message in the outbox table (shown beside the dev mailbox); nothing leaves the machine. */
export function outboxSms(db: Db): SmsProvider {
  return {
    async send({ to, text, userId }) {
      await db.insert(smsOutbox).values({ to, text, userId: userId ?? null });
    },
  };
}

export interface HttpSmsOptions {
  url: string;
  token?: string;
  from: string;
  timeoutMs?: number;
}

/**
 * A generic HTTP SMS gateway: POST {from, to, text} as JSON with a bearer token, any 2xx is accepted.
 * Codes are not stored: in production the gateway is the only place they go.
 */
export function httpSms({ url, token, from, timeoutMs = 10_000 }: HttpSmsOptions): SmsProvider {
  return {
    async send({ to, text }) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ from, to, text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
    },
  };
}

export function createSmsProvider(config: Config, db: Db): SmsProvider {
  const { sms } = config;
  return sms.provider === 'http' && sms.gatewayUrl
    ? httpSms({ url: sms.gatewayUrl, token: sms.gatewayToken, from: sms.from })
    : outboxSms(db);
}
