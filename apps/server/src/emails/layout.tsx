/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma makes any TypeScript runner use React's JSX runtime, also one started without our
// tsconfig, such as `npx tsx bench/…`, where this file otherwise compiled to an undefined React.)
import type * as ReactEmail from '@react-email/components';
import { loadOptional } from '../lib/optional-module.js';

/**
 * What one email says. Every product email is this one layout filled with its own words, so they all
 * look alike and each event only decides its text (modules/notifications/notifications.content.ts).
 */
export interface EmailContent {
  subject: string;
  /** The line inboxes show next to the subject. */
  preview: string;
  heading: string;
  /** 'Hi Alice,' (or 'Hi,' when the name is unknown). */
  greeting: string;
  paragraphs: string[];
  /** Facts shown as a small table: amount, transaction, dates. */
  details?: Array<{ label: string; value: string }>;
  /** The one thing to do next: an absolute link into the product. */
  action: { label: string; url: string };
  /** Why this person got it, in the footer. */
  reason: string;
  /** Where they manage their emails (absent for an invitation: no account yet). */
  settingsUrl?: string;
}

// The web app's palette (apps/web/src/index.css), as hex: email clients know no oklch.
const colors = {
  page: '#f8fbfa',
  card: '#ffffff',
  text: '#0e1a20',
  muted: '#58666d',
  border: '#dae3e5',
  primary: '#006259',
  primaryText: '#f3fcfa',
  panel: '#edf3f3',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, 'Apple Color Emoji'";

const s = {
  body: { backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: colors.card,
    border: `1px solid ${colors.border}`,
    borderRadius: '12px',
    margin: '0 auto',
    maxWidth: '560px',
    padding: '32px',
  },
  brand: { color: colors.primary, fontSize: '20px', fontWeight: 700, letterSpacing: '-0.01em', margin: '0 0 24px' },
  heading: { color: colors.text, fontSize: '22px', fontWeight: 600, lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: colors.text, fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' },
  details: { backgroundColor: colors.panel, borderRadius: '8px', margin: '8px 0 20px', padding: '12px 16px' },
  detailRow: { color: colors.text, fontSize: '14px', lineHeight: '1.5', margin: '2px 0' },
  detailLabel: { color: colors.muted },
  button: {
    backgroundColor: colors.primary,
    borderRadius: '8px',
    color: colors.primaryText,
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  fallback: {
    color: colors.muted,
    fontSize: '13px',
    lineHeight: '1.5',
    margin: '16px 0 0',
    wordBreak: 'break-all' as const,
  },
  hr: { borderColor: colors.border, margin: '28px 0 16px' },
  footer: { color: colors.muted, fontSize: '12px', lineHeight: '1.6', margin: '0 0 6px' },
  link: { color: colors.primary },
};

export function NotificationEmail(props: EmailContent) {
  // Loaded with the first email rendered, not at start (see render.ts).
  const { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } = loadOptional(
    '@react-email/components',
  ) as typeof ReactEmail;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>Holdfast</Text>
          <Heading as="h1" style={s.heading}>
            {props.heading}
          </Heading>
          <Text style={s.text}>{props.greeting}</Text>
          {props.paragraphs.map((p, i) => (
            <Text key={i} style={s.text}>
              {p}
            </Text>
          ))}
          {props.details?.length ? (
            <Section style={s.details}>
              {props.details.map((d) => (
                <Text key={d.label} style={s.detailRow}>
                  <span style={s.detailLabel}>{d.label}:</span> {d.value}
                </Text>
              ))}
            </Section>
          ) : null}
          <Section>
            <Button href={props.action.url} style={s.button}>
              {props.action.label}
            </Button>
          </Section>
          <Text style={s.fallback}>
            Or open this link:{' '}
            <Link href={props.action.url} style={s.link}>
              {props.action.url}
            </Link>
          </Text>
          <Hr style={s.hr} />
          <Text style={s.footer}>{props.reason}</Text>
          {props.settingsUrl ? (
            <Text style={s.footer}>
              Choose which emails you get in{' '}
              <Link href={props.settingsUrl} style={s.link}>
                Profile Settings
              </Link>
              . Emails about money and account security are always sent.
            </Text>
          ) : null}
          <Text style={s.footer}>Holdfast: money held fast until both sides are happy.</Text>
        </Container>
      </Body>
    </Html>
  );
}
