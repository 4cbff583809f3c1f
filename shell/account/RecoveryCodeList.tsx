/** Recovery codes, shown once: two columns of monospaced codes the user can copy. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <ol className="recovery-codes" data-testid="recovery-codes">
      {codes.map((c) => (
        <li key={c}>
          <code>{c}</code>
        </li>
      ))}
    </ol>
  );
}
