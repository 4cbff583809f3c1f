/** Shows HTML that the server has already sanitised (help, SOP, notices). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
