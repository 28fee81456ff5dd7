import type { SubmittedField } from './submissions';

// The optional notification e-mail of a Form widget: sent through the site’s SMTP server (SMTP_URL, docs/widgets.md, "Form")
// to the addresses the form names. The submission is in the inbox whatever happens to the e-mail.

export interface Mail {
  smtpUrl: string;
  from: string;
  to: string[];
  subject: string;
  fields: SubmittedField[];
  pageUrl: string;
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** The addresses of an `email_to` setting (comma- or space-separated); anything else in it is left out. */
export const mailAddresses = (setting: unknown): string[] =>
  typeof setting === 'string'
    ? setting
        .split(/[\s,;]+/)
        .filter((a) => ADDRESS.test(a))
        .slice(0, 10)
    : [];

/** Sends the submission as a plain-text e-mail; rejects when the SMTP server does not take it. */
export async function sendSubmissionMail(mail: Mail): Promise<void> {
  // Loaded on the first mail: about 12 MB resident that a server sending none does not carry (docs/performance.md).
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(mail.smtpUrl);
  try {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
      text: [...mail.fields.map((f) => `${f.label}: ${f.value}`), '', `Sent from ${mail.pageUrl}`].join('\n'),
    });
  } finally {
    transport.close();
  }
}
