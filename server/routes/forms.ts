import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestAddress } from '../auth/anonymous-write-limit';
import { requireCapability } from '../auth/guards';
import { errors } from '../errors';
import { answers, decimalInteger, id, inputs, withSchemas } from '../validation';
import { enforceLimit, type Limit } from '../services/rate-limit';
import { findPublishedForm } from '../services/forms/find-form';
import { formTokenTime } from '../services/forms/form-token';
import { listSubmissions, markEmailed, saveSubmission } from '../services/forms/submissions';
import { mailAddresses, sendSubmissionMail } from '../services/forms/notify';
import { checkSubmission, formFields, HONEYPOT_FIELD, MIN_FILL_MS } from '../../core/forms/form-rules';
import { withDefaults } from '../../react-app/widgets/controls/schema';
import { widgets } from '../../react-app/widgets';
import * as formsApi from '../../core/api/forms';
import * as S from '../../core/api/schemas/forms';

// The Form widget (docs/widgets.md, "Form"): a visitor's submission, checked against the form as published, into
// the admin inbox and, when the form names addresses and the site has an SMTP server, by e-mail.

/** Submissions one address may send (as many as contact messages, counted apart). */
export const FORM_LIMIT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
/** Above this the server answers 413 before reading the body; below it, a submission over 64 KB is a 400. */
export const FORM_BODY_LIMIT = 256 * 1024;
const PER_PAGE = 50;

const body = z.object({
  // The page the form was on; absent where the page is not a document (a product page built by a template).
  document_id: id.optional(),
  element_id: z.string().min(1).max(64),
  fields: z.record(z.string().max(100), z.string()),
  token: z.string().max(200),
  [HONEYPOT_FIELD]: z.string().max(10_000).optional(),
});

export async function formRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.post(
    formsApi.submitForm.path,
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { ...inputs(formsApi.submitForm, { body }), response: answers(formsApi.submitForm, S.formSent, 201) },
    },
    async (request, reply) => {
      const input = request.body;
      // Spam first (nothing about the form is told to a robot): the honeypot, then the signed time it was drawn.
      if (input[HONEYPOT_FIELD])
        throw errors.badRequest('This form could not be sent. If you are a person, please reload the page and try again.');
      const drawnAt = formTokenTime(app.nonceSecret, input.token);
      if (drawnAt === null) throw errors.badRequest('This form has expired. Reload the page and send it again.');
      if (Date.now() - drawnAt < MIN_FILL_MS) throw errors.badRequest('That was quick! Wait a few seconds, then send the form again.');
      const found = await findPublishedForm(db, input.document_id, input.element_id);
      if (!found) throw errors.missing('Form');
      const { doc, node } = found;
      const settings = withDefaults(widgets.form, node.settings ?? {});
      const fields = formFields(settings.form_fields);
      const check = checkSubmission(fields, input.fields);
      if (check.form) throw errors.badRequest(check.form);
      const first = Object.values(check.fields)[0];
      if (first) throw errors.invalidParam(first, check.fields);
      // Counted in the database per address, so the limit holds across server processes.
      await enforceLimit(db, `form:${requestAddress(request)}`, FORM_LIMIT);
      const submitted = fields.map((f) => ({ name: f.name, label: f.label, value: (input.fields[f.name] ?? '').trim() }));
      const formName = String(settings.form_name ?? '').trim() || 'Form';
      const pagePath = (
        request.headers.referer && URL.canParse(request.headers.referer) ? new URL(request.headers.referer).pathname : ''
      ).slice(0, 500);
      const submissionId = await saveSubmission(db, {
        document_id: doc.id,
        element_id: node.id,
        form_name: formName,
        fields: submitted,
        page_path: pagePath,
        user_id: request.visitor.user?.id ?? null,
      });
      const to = mailAddresses(settings.email_to);
      const smtpUrl = app.config.smtpUrl;
      if (smtpUrl && to.length) {
        // After the answer: the visitor does not wait for the mail server, and the inbox has the submission anyway.
        const origin = app.config.siteUrl ?? `${request.protocol}://${request.host}`;
        sendSubmissionMail({
          smtpUrl,
          from: app.config.mailFrom,
          to,
          subject: String(settings.email_subject ?? '').trim() || `New submission: ${formName}`,
          fields: submitted,
          pageUrl: `${origin}${pagePath || '/'}`,
        })
          .then(() => markEmailed(db, submissionId))
          .catch((error: unknown) => request.log.error(error, 'form notification e-mail failed'));
      }
      const message = String(settings.success_message ?? '').trim() || 'Thanks! We received your message.';
      return reply.code(201).send({ id: submissionId, message });
    },
  );

  app.get(
    formsApi.formInbox.path,
    {
      preValidation: requireCapability('manage_options'),
      schema: {
        querystring: z.object({ page: decimalInteger().pipe(z.number().min(1).max(10_000)).default(1) }),
        response: answers(formsApi.formInbox, S.formInbox),
      },
    },
    async (request) => listSubmissions(db, request.query.page, PER_PAGE),
  );
}
