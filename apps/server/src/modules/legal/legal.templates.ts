import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import type { TLegalPageName } from '@holdfast/contracts';

/**
 * The built-in Terms and Privacy Policy, shown until the operator puts their own terms.md and privacy.md in
 * LEGAL_PAGES_DIR. They describe how this software works, and say first and plainly that they are templates.
 * `{company}` becomes COMPANY_NAME.
 */
const TEMPLATE_NOTICE = (page: string) =>
  `> **This is a template.** {company} has not published its own ${page} yet. This text describes how the ` +
  `Holdfast software works, but it is not legal advice and has not been checked against the law of any ` +
  `country. The operator of this service must replace it with their own ${page} before taking real money.`;

const TERMS = `# Terms of Service

${TEMPLATE_NOTICE('Terms of Service')}

## 1. Who we are

This service is run by {company} ("we", "us"). Our registered details and how to reach us are on the
[Contact](/contact) page.

## 2. What the service does

We hold money in escrow for a deal between a buyer and a seller of a product or a service:

1. The buyer creates a transaction for an amount, naming the seller by their email address.
2. The buyer pays the amount plus our service fee into escrow. The seller accepts the deal.
3. The seller delivers. The buyer confirms that they received what was agreed, and the money is released
   to the seller. When the seller marks the deal delivered, the buyer has an inspection period; if it ends
   without a confirmation or a dispute, the money is released to the seller automatically.

We are not a party to the deal itself. We do not own, inspect or guarantee what is sold.

## 3. Your account

- Give your real name and an email address you control, and keep your password to yourself.
- One account per person. You are responsible for what is done with your account.
- We may suspend an account that is used for fraud or breaks these terms. Money in escrow stays there until
  the deal is decided; money in a suspended account's wallet stays its owner's.

## 4. Fees

The buyer pays a service fee of ${FEE_RATE_LABEL} of the transaction amount, on top of the amount. The seller
receives the amount. The [Fees](/fees) page shows the rule, examples and the limits of each currency.

## 5. Escrow, cancellations and refunds

- Money in escrow is released only by the buyer's confirmation, the end of the inspection period after
  delivery, or a moderator's decision in a dispute.
- A deal that is not funded or not accepted in time is cancelled; money paid into it goes back to the
  buyer's wallet.
- A buyer may cancel a funded deal and be refunded when delivery is late, as the [Help](/help) page explains.

## 6. Disputes

Either party may open a dispute on a funded deal before it is completed. The other party is asked to
respond, a moderator reviews the case and decides: release to the seller, refund the buyer, or split the
amount. While a dispute is open, no timer moves the money. The deadlines of each step are on the
[Help](/help) page.

## 7. Wallet and withdrawals

You may keep money in your wallet, pay for deals from it and withdraw it to a bank account in your name.
A withdrawal that the bank refuses is returned to your wallet.

## 8. What you must not do

Do not use the service for anything illegal, to launder money, to sell goods or services you may not sell,
or to deceive the other party. Do not try to reach another person's account or data.

## 9. Liability

We run the service with care, but we cannot promise it will always be available. We are not liable for
the goods or services traded, nor for losses caused by the other party to a deal.

## 10. Changes to these terms

When these terms change, we will ask you to accept the new version the next time you sign in. Until you
do, you can read these pages but not use the rest of the service.

## 11. Contact

Questions about these terms: see the [Contact](/contact) page.
`;

const PRIVACY = `# Privacy Policy

${TEMPLATE_NOTICE('Privacy Policy')}

## Who is responsible

{company} is responsible for the personal data this service processes. How to reach us is on the
[Contact](/contact) page.

## What we collect, and why

- **Your account**: your name, email address, password (stored only as a hash) and, if you turn on
  two-factor sign-in by text message, your phone number. We need them to run your account.
- **Your deals**: the transactions you make, their amounts, descriptions, messages between the parties,
  reviews and dispute evidence. We need them to hold and release money and to decide disputes.
- **Payments**: card payments are handled by our payment provider; we never see or store your card number.
  For withdrawals we keep the account holder's name and the last four digits of the account number.
- **Security**: the addresses and browsers your sessions were used from, so you can see and end them,
  and so we can stop attacks on accounts.
- **Support**: the chats you have with our support team.

## Who sees it

- The other party of a deal sees your name and what you write in that deal.
- Moderators see a disputed deal, its messages and its evidence.
- Our providers (payments, email, text messages, file storage) process data on our behalf only.
- We share data with authorities only where the law requires it.

## How long we keep it

We keep records of transactions and payments for as long as the law requires us to keep financial
records. Other data is deleted when it is no longer needed to run your account.

## Your rights

You may ask for a copy of your data, ask us to correct it, or ask us to delete your account once no deal
of yours is open. Write to us using the details on the [Contact](/contact) page.

## Cookies

We use only the cookies that keep you signed in safely (your session, the second step of a two-factor
sign-in, and a browser you signed in from before). We use no advertising or tracking cookies.
`;

export const LEGAL_TEMPLATES: Record<TLegalPageName, string> = { terms: TERMS, privacy: PRIVACY };

/** A template with the operator's company name in it. */
export const fillTemplate = (template: string, company: string) => template.replaceAll('{company}', company);
