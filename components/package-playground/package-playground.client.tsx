'use client';

import { useTheme } from 'next-themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import Editor from 'react-simple-code-editor';
import { copyText } from '@/lib/browser/clipboard';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import { FRAME_PATH } from '@/lib/package-playground/frame-url';
import { previewStatus } from '@/lib/package-playground/preview-state';
import { PREVIEW_MODES, type Theme } from '@/lib/package-playground/protocol';
import type { OperationContract } from '@/lib/contract/operation-contract';
import type { SdkPackage } from '@/lib/sdk/packages';
import { highlight } from '@/lib/browser/playground/highlight';
import { useExampleCode } from './use-example-code';
import { usePreviewFrame } from './use-preview-frame';

interface PackagePlaygroundProps {
  pkg: SdkPackage;
  examples: readonly PlaygroundExample[];
  /** kilowise-client's playground: the contract its sandbox answers from. */
  contract?: OperationContract;
}

/**
 * A package playground: an editor of TypeScript and JSX beside a preview where the code runs with the
 * package in scope. The preview is a sandboxed iframe (see frame/main.tsx, and usePreviewFrame, which sends it the
 * code and follows what it reports); useExampleCode keeps the example, the code and their link.
 */
export function PackagePlayground({ pkg, examples, contract }: PackagePlaygroundProps) {
  const mode = PREVIEW_MODES[pkg];
  const live = mode !== 'client';
  const { resolvedTheme } = useTheme();
  const theme: Theme = resolvedTheme === 'dark' ? 'dark' : 'light';
  const [copied, setCopied] = useState(false);
  // The frame runs the code a link carries; the link's code is decoded before the frame is ready, or after.
  const runRef = useRef<(source: string) => void>(() => undefined);
  const runFromLink = useCallback((source: string) => runRef.current(source), []);
  const { example, code, notice, changeCode, latestCode, writeUrl, chooseExample } = useExampleCode(
    examples,
    runFromLink,
  );
  const { frame, preview, height, ranCode, run, resetSandbox } = usePreviewFrame({
    mode,
    theme,
    examples,
    contract,
    latestCode,
  });
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  function edit(next: string) {
    changeCode(next);
    setCopied(false);
    if (live) run(next);
  }

  function choose(id: string) {
    const next = chooseExample(id);
    if (next) run(next.code);
  }

  async function copyLink() {
    await writeUrl();
    setCopied(await copyText(window.location.href));
  }

  const editorId = `${pkg}-code`;
  return (
    <div className="package-playground">
      <Toolbar
        pkg={pkg}
        examples={examples}
        example={example}
        edited={code !== example.code}
        live={live}
        copied={copied}
        onChoose={choose}
        onRun={() => run(latestCode())}
        onCopyLink={() => void copyLink()}
        onResetSandbox={contract ? () => void resetSandbox(latestCode()) : undefined}
      />
      {notice ? (
        <p className="package-playground__notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="package-playground__panes">
        <CodeEditor id={editorId} code={code} live={live} onEdit={edit} onRun={() => run(latestCode())} />
        <PreviewPane
          pkg={pkg}
          preview={preview}
          live={live}
          stale={!live && ranCode !== undefined && ranCode !== code}
          frame={frame}
          height={height}
        />
      </div>
    </div>
  );
}

/**
 * The playground's controls: the example, Run (where the preview does not follow the typing), the example's reset,
 * the link to the code, and the sandbox's reset (kilowise-client's playground only).
 */
function Toolbar({
  pkg,
  examples,
  example,
  edited,
  live,
  copied,
  onChoose,
  onRun,
  onCopyLink,
  onResetSandbox,
}: {
  pkg: SdkPackage;
  examples: readonly PlaygroundExample[];
  example: PlaygroundExample;
  /** The code differs from the example's. */
  edited: boolean;
  live: boolean;
  copied: boolean;
  onChoose: (id: string) => void;
  onRun: () => void;
  onCopyLink: () => void;
  /** Unset where the playground has no sandbox. */
  onResetSandbox: (() => void) | undefined;
}) {
  return (
    <div className="package-playground__toolbar">
      <label htmlFor={`${pkg}-example`}>Example</label>
      <select id={`${pkg}-example`} value={example.id} onChange={(event) => onChoose(event.target.value)}>
        {examples.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.title}
          </option>
        ))}
      </select>
      {live ? null : (
        <button type="button" className="button button--primary" onClick={onRun}>
          Run
        </button>
      )}
      <button type="button" className="button" onClick={() => onChoose(example.id)} disabled={!edited}>
        Reset example
      </button>
      <button type="button" className="button" onClick={onCopyLink}>
        {copied ? 'Link copied' : 'Copy link'}
      </button>
      {onResetSandbox ? (
        <button type="button" className="button" onClick={onResetSandbox}>
          Reset sandbox
        </button>
      ) : null}
    </div>
  );
}

/**
 * The code editor. Tab indents; Escape makes the next Tab leave the editor instead (WCAG's no keyboard trap). In a
 * playground that runs on Run (`live` false), Ctrl or Cmd+Enter runs.
 */
function CodeEditor({
  id,
  code,
  live,
  onEdit,
  onRun,
}: {
  id: string;
  code: string;
  live: boolean;
  onEdit: (code: string) => void;
  onRun: () => void;
}) {
  const [tabLeaves, setTabLeaves] = useState(false);
  return (
    <div className="package-playground__editor">
      <label htmlFor={id} className="package-playground__label">
        Code
      </label>
      <Editor
        value={code}
        onValueChange={onEdit}
        highlight={(text) => highlight(text, 'ts')}
        textareaId={id}
        className="package-playground__code hljs"
        padding={12}
        tabSize={2}
        insertSpaces
        ignoreTabKey={tabLeaves}
        aria-describedby={`${id}-hint`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTabLeaves(true);
          else if (event.key !== 'Tab' && event.key !== 'Shift') setTabLeaves(false);
          if (!live && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onRun();
          }
        }}
        onBlur={() => setTabLeaves(false)}
        spellCheck={false}
      />
      <p id={`${id}-hint`} className="package-playground__hint">
        {live ? 'The preview follows as you type.' : 'Run (or Ctrl+Enter) calls the sandbox.'} Tab indents; press Esc,
        then Tab, to leave the editor.
      </p>
    </div>
  );
}

/** The preview: what it is doing, the code's error, and the sandboxed frame the code runs in. */
function PreviewPane({
  pkg,
  preview,
  live,
  stale,
  frame,
  height,
}: {
  pkg: SdkPackage;
  preview: ReturnType<typeof usePreviewFrame>['preview'];
  live: boolean;
  /** The code has changed since it last ran (a playground that runs on Run). */
  stale: boolean;
  frame: ReturnType<typeof usePreviewFrame>['frame'];
  height: number;
}) {
  return (
    <section
      className="package-playground__preview"
      aria-label="Preview"
      aria-busy={preview.status === 'loading' || preview.status === 'running'}
      data-status={preview.status}
      data-run={preview.status === 'ready' ? preview.runId : undefined}
      data-update-ms={preview.status === 'ready' ? preview.ms : undefined}
    >
      <p className="package-playground__label" aria-live="polite">
        {previewStatus(preview, live, stale)}
      </p>
      {preview.status === 'error' ? (
        <div className="load-error" role="alert">
          <p className="load-error__message">
            {preview.phase === 'compile' ? 'The code does not compile: ' : 'The code failed: '}
            {preview.message}
          </p>
        </div>
      ) : null}
      <iframe
        ref={frame}
        src={`/${FRAME_PATH}`}
        title={`Preview of the ${pkg} code`}
        sandbox="allow-scripts"
        className="package-playground__frame"
        style={{ height }}
      />
    </section>
  );
}
