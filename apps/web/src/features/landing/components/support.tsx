import { Headset, LifeBuoy, MessagesSquare } from 'lucide-react';

const CHANNELS = [
  { icon: Headset, title: 'Live chat', text: 'Talk to the support team in real time from inside your account.' },
  {
    icon: LifeBuoy,
    title: 'Support tickets',
    text: 'Open a ticket with a priority and follow every reply in one place.',
  },
  {
    icon: MessagesSquare,
    title: 'Transaction messages',
    text: 'Message the other party of a deal directly, with the transaction attached.',
  },
];

export function Support() {
  return (
    <section id="support" className="scroll-mt-8 bg-background py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-10 rounded-3xl bg-gradient-to-br from-primary to-solid-teal dark:from-solid-teal dark:to-brand-deep p-8 text-white sm:p-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-100 uppercase">Support</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">24/7 support, whenever you need it</h2>
            <p className="mt-4 text-white/80">
              Questions about a payment, a delivery or a dispute? Our team is available around the clock, every day of
              the year.
            </p>
          </div>
          <ul className="grid gap-4">
            {CHANNELS.map((c) => (
              <li key={c.title} className="flex gap-4 rounded-xl bg-white/10 p-4">
                <c.icon className="mt-0.5 size-5 shrink-0 text-teal-100" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{c.title}</h3>
                  <p className="text-sm text-white/75">{c.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
