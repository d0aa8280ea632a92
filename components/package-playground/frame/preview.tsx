import { Component, isValidElement, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import type { PreviewMode, Theme } from '@/lib/package-playground/protocol';
import { describeValue } from './run-code';

/** A line the reader's code wrote with `console.*`. */
export interface ConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error';
  text: string;
}

/** One request the reader's code sent, and what came back. */
export interface RequestEntry {
  id: number;
  method: string;
  url: string;
  body?: string;
  status?: number;
  statusText?: string;
  responseBody?: string;
  failure?: string;
  ms?: number;
}

/** What the frame shows for one run. */
export interface RunView {
  runId: number;
  mode: PreviewMode;
  theme: Theme;
  /** The code's default export. */
  exported: unknown;
  /** `client` and `brands`: the value a function export returned, once it has. */
  result?: { value: unknown } | undefined;
  pending: boolean;
  console: ConsoleLine[];
  requests: RequestEntry[];
}

interface BoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches an error the reader's component throws while rendering; the page shows its message. */
class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Tells the frame the tree has committed: the preview on screen is this run's. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit);
  return null;
}

interface BrandLike {
  id: string;
  name: string;
  color: string;
  logo: { light: string; dark: string };
}

function isBrand(value: unknown): value is BrandLike {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<BrandLike>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.color === 'string' &&
    typeof candidate.logo?.light === 'string'
  );
}

function BrandCards({ brands, theme }: { brands: readonly BrandLike[]; theme: Theme }) {
  return (
    <section aria-labelledby="brands-heading">
      <h2 id="brands-heading" className="frame-heading">
        {brands.length} brand{brands.length === 1 ? '' : 's'}
      </h2>
      <ul className="brand-grid">
        {brands.map((brand) => (
          <li key={brand.id} className="brand-card">
            {/* The logos are kilowise-brands' own SVG strings. */}
            <span
              className="brand-card__logo"
              dangerouslySetInnerHTML={{ __html: theme === 'dark' ? brand.logo.dark : brand.logo.light }}
            />
            <span className="brand-card__name">{brand.name}</span>
            <code>{brand.id}</code>
            <span className="brand-card__color">
              <span className="brand-card__swatch" style={{ background: brand.color }} aria-hidden="true" />
              {brand.color}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ValueView({ label, value, theme }: { label: string; value: unknown; theme: Theme }) {
  const brands =
    Array.isArray(value) && value.length > 0 && value.every(isBrand)
      ? (value as BrandLike[])
      : isBrand(value)
        ? [value]
        : undefined;
  if (brands) return <BrandCards brands={brands} theme={theme} />;
  return (
    <section aria-label={label}>
      <h2 className="frame-heading">{label}</h2>
      <pre className="frame-value">{describeValue(value)}</pre>
    </section>
  );
}

function RequestList({ requests }: { requests: readonly RequestEntry[] }) {
  if (requests.length === 0) return <p className="frame-muted">No requests yet.</p>;
  return (
    <ol className="request-list">
      {requests.map((request) => {
        const url = new URL(request.url);
        const outcome = request.failure
          ? 'failed'
          : request.status === undefined
            ? 'waiting…'
            : `${request.status} ${request.statusText ?? ''}`.trim();
        const tone =
          request.failure || (request.status ?? 0) >= 400 ? 'bad' : request.status === undefined ? 'wait' : 'good';
        return (
          <li key={request.id}>
            <details>
              <summary>
                <span className="request-list__method">{request.method}</span>{' '}
                <span className="request-list__path">{url.pathname + url.search}</span>{' '}
                <span className={`request-list__status request-list__status--${tone}`}>{outcome}</span>
                {request.ms !== undefined ? <span className="frame-muted"> · {request.ms} ms</span> : null}
              </summary>
              {request.body ? (
                <>
                  <h3 className="frame-subheading">Request body</h3>
                  <pre className="frame-value">{request.body}</pre>
                </>
              ) : null}
              <h3 className="frame-subheading">Response</h3>
              <pre className="frame-value">{request.failure ?? prettyJson(request.responseBody ?? '')}</pre>
            </details>
          </li>
        );
      })}
    </ol>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ConsoleView({ lines }: { lines: readonly ConsoleLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-label="Console">
      <h2 className="frame-heading">Console</h2>
      <ol className="console-lines">
        {lines.map((line, index) => (
          <li key={index} className={`console-lines__line console-lines__line--${line.level}`}>
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Rendered({ exported }: { exported: unknown }) {
  if (isValidElement(exported)) return exported;
  if (typeof exported === 'function') {
    const Exported = exported as ComponentType;
    return <Exported />;
  }
  throw new TypeError('Export a React component or element as default: `export default function Example() { … }`');
}

interface PreviewProps {
  view: RunView;
  onCommit: () => void;
  onError: (error: unknown) => void;
}

/** The frame's whole content for one run. */
export function Preview({ view, onCommit, onError }: PreviewProps) {
  let main: ReactNode;
  if (view.mode === 'render') {
    main = (
      <div className="frame-render">
        <Boundary key={view.runId} onError={onError}>
          <Rendered exported={view.exported} />
        </Boundary>
      </div>
    );
  } else if (view.mode === 'client') {
    main = (
      <>
        <section aria-label="Requests">
          <h2 className="frame-heading">Requests to the sandbox</h2>
          <RequestList requests={view.requests} />
        </section>
        {view.result ? (
          <ValueView label="Returned" value={view.result.value} theme={view.theme} />
        ) : view.pending ? (
          <p className="frame-muted">Running…</p>
        ) : null}
      </>
    );
  } else {
    main = view.result ? (
      <ValueView label="Value" value={view.result.value} theme={view.theme} />
    ) : view.pending ? (
      <p className="frame-muted">Running…</p>
    ) : null;
  }
  return (
    <>
      {main}
      <ConsoleView lines={view.console} />
      <Committed onCommit={onCommit} />
    </>
  );
}
