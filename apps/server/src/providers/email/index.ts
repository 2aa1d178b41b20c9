import type Nodemailer from 'nodemailer';
import { loadOptional } from '../../lib/optional-module.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** Stores every message in the outbox table (what /dev/mailbox shows). */
export function outboxEmail(db: Db): EmailProvider {
  return {
    async send(message) {
      const links = [...new Set(message.text.match(URL_PATTERN) ?? [])];
      await db.insert(emailOutbox).values({ ...message, links });
    },
  };
}

/** Records in the outbox, then delivers over SMTP. */
export function smtpEmail(db: Db, smtpUrl: string, from: string): EmailProvider {
  const outbox = outboxEmail(db);
  const nodemailer = loadOptional('nodemailer') as typeof Nodemailer;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await outbox.send(message);
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createEmailProvider(config: Config, db: Db): EmailProvider {
  return config.email.provider === 'smtp' && config.email.smtpUrl
    ? smtpEmail(db, config.email.smtpUrl, config.email.from)
    : outboxEmail(db);
}
