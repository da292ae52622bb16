import type { ReactElement } from "react";

/** One message: its subject, HTML part and plain-text part, all from the same data. */
export type Template<Data> = {
  subject: (data: Data) => string;
  html: (data: Data) => ReactElement;
  text: (data: Data) => string;
};

export const defineTemplate = <Data>(template: Template<Data>): Template<Data> => template;
