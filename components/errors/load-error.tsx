/** A failed load: the message in a red box, and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__message">{message}</p>
      <button type="button" className="button button--danger" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
