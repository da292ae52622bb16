import type { Template } from "./define";
import { emailChange } from "./email-change";
import { memberTemplates } from "./member-templates";
import { passwordReset } from "./password-reset";
import { verifyEmail } from "./verify-email";

/** Every message the site sends, by name (the name is stored in the outbox). */
export const templates = { passwordReset, verifyEmail, emailChange, ...memberTemplates };

export type TemplateName = keyof typeof templates;

export type TemplateData<N extends TemplateName> = (typeof templates)[N] extends Template<infer D> ? D : never;

/**
 * Templates whose data holds a one-time link: once sent through a real SMTP server their data is
 * dropped from the outbox, so the table never holds a working link longer than needed.
 */
export const SECRET_TEMPLATES: ReadonlySet<TemplateName> = new Set(["passwordReset", "verifyEmail", "emailChange"]);
