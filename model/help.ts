/** A help or SOP document as the shell shows it; `content` is sanitised HTML. */
export interface HelpDocument {
  title: string;
  content: string;
  language: string;
  updatedAt: string;
}
