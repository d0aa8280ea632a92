'use client';

import { useId, useMemo, useState } from 'react';
import type { OperationContract, ContractOperation } from '@/lib/contract/operation-contract';
import { wireMethod } from '@/lib/openapi/methods';

const matches = (words: string[], text: string) => words.every((word) => text.includes(word));
const wordsOf = (filter: string) => filter.toLowerCase().split(/\s+/).filter(Boolean);
/** What the filter searches in an operation: method, path, summary, operationId and tag. */
const searchText = (operation: ContractOperation) =>
  `${operation.method} ${operation.path} ${operation.summary} ${operation.operationId} ${operation.tag}`.toLowerCase();

/**
 * The operation chooser: a native select grouped by tag (keyboard, screen readers and phones know it),
 * narrowed by a filter over method, path, summary and operationId.
 */
export function OperationPicker({
  contract,
  value,
  onChange,
}: {
  contract: OperationContract;
  value: string;
  onChange: (operationId: string) => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const byId = useMemo(
    () => new Map(contract.operations.map((operation) => [operation.operationId, operation])),
    [contract],
  );
  const groups = useMemo(() => {
    const words = wordsOf(filter);
    return contract.tags
      .map((tag) => ({
        name: tag.name,
        operations: tag.operationIds.flatMap((operationId) => {
          const operation = byId.get(operationId);
          if (!operation) return [];
          return operationId === value || matches(words, searchText(operation)) ? [operation] : [];
        }),
      }))
      .filter((group) => group.operations.length > 0);
  }, [contract, byId, filter, value]);
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);

  function onFilter(text: string) {
    setFilter(text);
    const words = wordsOf(text);
    const current = byId.get(value);
    const first = contract.operations.find((operation) => matches(words, searchText(operation)));
    // The chosen operation stays while it still matches; otherwise the first match is chosen.
    if (words.length > 0 && first && !(current && matches(words, searchText(current)))) onChange(first.operationId);
  }

  return (
    <div className="playground-picker">
      <div className="playground-field">
        <label htmlFor={`${id}-filter`}>Filter operations</label>
        <input
          id={`${id}-filter`}
          type="search"
          value={filter}
          placeholder="e.g. location, spot prices, PUT"
          aria-describedby={`${id}-count`}
          onChange={(event) => onFilter(event.target.value)}
        />
        <p id={`${id}-count`} className="playground-field__hint" aria-live="polite">
          {filter
            ? `${shown} of ${contract.operations.length} operations match`
            : `${contract.operations.length} operations`}
        </p>
      </div>
      <div className="playground-field">
        <label htmlFor={`${id}-operation`}>Operation</label>
        <select id={`${id}-operation`} value={value} onChange={(event) => onChange(event.target.value)}>
          {groups.map((group) => (
            <optgroup key={group.name} label={group.name}>
              {group.operations.map((operation) => (
                <option key={operation.operationId} value={operation.operationId}>
                  {`${wireMethod(operation.method)} ${operation.summary}${operation.deprecated ? ' (deprecated)' : ''}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}
