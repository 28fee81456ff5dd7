// The status line of an admin screen: what its last action did or why it failed, read out by screen readers.
export function AdminStatus({ message, className = 'admin-status' }: { message: string; className?: string }) {
  return (
    <p role="status" className={className}>
      {message}
    </p>
  );
}
