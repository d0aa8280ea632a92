'use client';

import { useId } from 'react';
import type { ContractOperation, ContractParameter } from '@/lib/contract/operation-contract';
import { fieldKey, type RequestDraft } from '@/lib/contract/request-draft';

const LOCATION_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers' } as const;

/**
 * The form's groups of fields: path, query, then each OpenAPI 3.2 `querystring` parameter as its own form (the
 * fields of its schema), then headers.
 */
function parameterGroups(
  operation: ContractOperation,
): { key: string; title: string; parameters: ContractParameter[] }[] {
  const querystrings = [
    ...new Set(operation.parameters.flatMap((parameter) => (parameter.querystring ? [parameter.querystring] : []))),
  ];
  const at = (where: keyof typeof LOCATION_TITLES) => ({
    key: where,
    title: LOCATION_TITLES[where],
    parameters: operation.parameters.filter((parameter) => parameter.in === where && !parameter.querystring),
  });
  return [
    at('path'),
    at('query'),
    ...querystrings.map((name) => ({
      key: `querystring:${name}`,
      title: `Query string: ${name}`,
      parameters: operation.parameters.filter((parameter) => parameter.querystring === name),
    })),
    at('header'),
  ];
}

function ParameterField({
  parameter,
  value,
  problem,
  onChange,
}: {
  parameter: ContractParameter;
  value: string;
  problem?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  const error = `${id}-error`;
  const choices =
    parameter.type === 'boolean' ? ['true', 'false'] : parameter.type !== 'array' ? parameter.enum : undefined;
  const common = {
    id,
    'aria-describedby': problem ? `${hint} ${error}` : hint,
    'aria-invalid': problem ? true : undefined,
    'aria-required': parameter.required || undefined,
  };
  return (
    <div className="playground-field">
      <label htmlFor={id}>{parameter.name}</label>
      {choices ? (
        <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{parameter.required ? 'Choose…' : '(not sent)'}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={parameter.type === 'integer' || parameter.type === 'number' ? 'decimal' : undefined}
          value={value}
          placeholder={parameter.example ?? (parameter.type === 'array' ? 'comma-separated values' : undefined)}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <p id={hint} className="playground-field__hint">
        <span className="playground-field__meta">
          {parameter.type}
          {parameter.required ? ' · required' : ' · optional'}
          {parameter.type === 'array' && parameter.enum ? ` · ${parameter.enum.join(', ')}` : ''}
        </span>
        {parameter.descriptionHtml ? (
          <span dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml.replace(/^<p>|<\/p>$/g, ' ') }} />
        ) : null}
      </p>
      {problem ? (
        <p id={error} className="playground-field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The request form generated from the operation: parameters by where they go, then the JSON body. */
export function RequestForm({
  operation,
  draft,
  problems,
  onChange,
  onResetBody,
}: {
  operation: ContractOperation;
  draft: RequestDraft;
  problems: Record<string, string>;
  onChange: (draft: RequestDraft) => void;
  onResetBody: () => void;
}) {
  const bodyId = useId();
  const setValue = (key: string, value: string) => onChange({ ...draft, values: { ...draft.values, [key]: value } });
  function formatBody() {
    try {
      onChange({ ...draft, body: JSON.stringify(JSON.parse(draft.body), null, 2) });
    } catch {
      // The field already shows why the body is not JSON; there is nothing to format.
    }
  }
  return (
    <>
      {parameterGroups(operation).map(({ key, title, parameters }) => {
        if (parameters.length === 0) return null;
        return (
          <fieldset key={key} className="playground-group">
            <legend>{title}</legend>
            {parameters.map((parameter) => (
              <ParameterField
                key={fieldKey(parameter)}
                parameter={parameter}
                value={draft.values[fieldKey(parameter)] ?? ''}
                problem={problems[fieldKey(parameter)]}
                onChange={(value) => setValue(fieldKey(parameter), value)}
              />
            ))}
          </fieldset>
        );
      })}
      {operation.requestBody ? (
        <div className="playground-field playground-body">
          <div className="playground-body__head">
            <label htmlFor={bodyId}>Request body</label>
            <span className="playground-field__meta">
              {operation.requestBody.contentType}
              {operation.requestBody.required ? ' · required' : ' · optional'}
            </span>
            <button type="button" className="button" onClick={formatBody}>
              Format
            </button>
            <button type="button" className="button" onClick={onResetBody}>
              Example
            </button>
          </div>
          <textarea
            id={bodyId}
            className="playground-body__editor"
            value={draft.body}
            rows={Math.min(24, Math.max(6, draft.body.split('\n').length + 1))}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-invalid={problems.body ? true : undefined}
            aria-describedby={problems.body ? `${bodyId}-error` : undefined}
            onChange={(event) => onChange({ ...draft, body: event.target.value })}
          />
          {problems.body ? (
            <p id={`${bodyId}-error`} className="playground-field__error">
              {problems.body}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
