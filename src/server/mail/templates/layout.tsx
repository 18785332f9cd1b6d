import {
  Body,
  Button,
  Container,
  Head,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The one e-mail layout, as react-email components: every value goes through React, so it is
 * escaped by default. Rendered synchronously with react-dom's static markup (the e-mails are
 * built inside the transaction that records what they tell, which is synchronous code).
 */
const brand = '#0e7490';

const styles = {
  body: {
    margin: 0,
    background: '#f1f5f9',
    fontFamily: 'Arial, Helvetica, sans-serif',
    color: '#0f172a',
  },
  card: { maxWidth: 560, margin: '24px auto', background: '#ffffff', borderRadius: 8 },
  header: {
    background: brand,
    color: '#ffffff',
    padding: '16px 24px',
    fontSize: 20,
    fontWeight: 'bold',
    borderRadius: '8px 8px 0 0',
  },
  content: { padding: 24, fontSize: 16, lineHeight: 1.5 },
  footer: { padding: '16px 24px', fontSize: 12, color: '#475569' },
  paragraph: { fontSize: 16, lineHeight: 1.5, margin: '0 0 16px' },
  fine: { fontSize: 13, lineHeight: 1.5, color: '#475569', margin: '0 0 16px' },
  button: {
    display: 'inline-block',
    background: brand,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: 6,
    textDecoration: 'none',
    fontWeight: 'bold',
  },
  link: { color: brand },
} satisfies Record<string, CSSProperties>;

export function EmailLayout({
  title,
  preview,
  children,
}: {
  title: string;
  /** The line mail apps show next to the subject. */
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Section style={styles.header}>ChairFill</Section>
          <Section style={styles.content}>{children}</Section>
          <Section style={styles.footer}>ChairFill · Dental staffing in New Jersey</Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** Smaller grey text: why the e-mail came, where to turn it off. */
export function FinePrint({ children }: { children: ReactNode }) {
  return <Text style={styles.fine}>{children}</Text>;
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** 'Hi Jordan,' or 'Hi,' when the name is unknown. */
export function greetingFor(name: string): string {
  return name.trim() ? `Hi ${name.trim()},` : 'Hi,';
}

/** An e-mail component as the HTML document an e-mail carries. */
export function renderEmailHtml(email: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(email)}`;
}
