/** A failed load: the message in the red box, and a Retry button (spec §2 and §8). */
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
