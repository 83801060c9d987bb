import { Accordion } from 'radix-ui';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { Card } from '#web/components/ui/card';
import { faqGroups } from './faq-content';

/** One accordion around every group, so a single answer is open across the whole FAQ. */
export function SupportFaq() {
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="text-2xl font-bold text-white">
        Frequently asked questions
      </h2>
      <Accordion.Root type="single" collapsible className="mt-6 space-y-8">
        {faqGroups.map((group) => (
          <div key={group.id} id={group.id} className="scroll-mt-24">
            <h3 className="mb-3 text-sm font-semibold tracking-wide text-brand-400 uppercase">
              {group.title}
            </h3>
            <Card className="divide-y divide-zinc-800 overflow-hidden">
              {group.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id}>
                  <Accordion.Header asChild>
                    <h4>
                      <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-medium text-zinc-100 hover:bg-zinc-800/60 data-[state=open]:text-brand-300">
                        {item.question}
                        <ChevronDown
                          aria-hidden
                          className="size-4 shrink-0 text-zinc-500 transition-transform group-data-[state=open]:rotate-180"
                        />
                      </Accordion.Trigger>
                    </h4>
                  </Accordion.Header>
                  <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-zinc-400">
                    <p>{item.answer}</p>
                    {item.link && (
                      <Link
                        to={item.link.to}
                        className="mt-2 inline-block font-medium text-brand-300 underline-offset-4 hover:underline"
                      >
                        {item.link.label}
                      </Link>
                    )}
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Card>
          </div>
        ))}
      </Accordion.Root>
    </section>
  );
}
