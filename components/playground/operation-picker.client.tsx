'use client';

import { useId, useMemo, useState } from 'react';
import type { PlaygroundContract } from '@/lib/playground/contract';

const matches = (words: string[], text: string) => words.every((word) => text.includes(word));

/**
 * The operation chooser: a native select grouped by tag (keyboard, screen readers and phones know it),
 * narrowed by a filter over method, path, summary and operationId.
 */
export function OperationPicker({ contract, value, onChange }: { contract: PlaygroundContract; value: string; onChange: (operationId: string) => void }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const byId = useMemo(() => new Map(contract.operations.map((operation) => [operation.operationId, operation])), [contract]);
  const groups = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return contract.tags
      .map((tag) => ({
        name: tag.name,
        operations: tag.operationIds.flatMap((operationId) => {
          const operation = byId.get(operationId);
          if (!operation) return [];
          const text = `${operation.method} ${operation.path} ${operation.summary} ${operation.operationId} ${tag.name}`.toLowerCase();
          return operationId === value || matches(words, text) ? [operation] : [];
        }),
      }))
      .filter((group) => group.operations.length > 0);
  }, [contract, byId, filter, value]);
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);

  function onFilter(text: string) {
    setFilter(text);
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const first = contract.operations.find((operation) =>
      matches(words, `${operation.method} ${operation.path} ${operation.summary} ${operation.operationId} ${operation.tag}`.toLowerCase()),
    );
    if (words.length > 0 && first && !matches(words, `${byId.get(value)?.summary ?? ''} ${value}`.toLowerCase())) onChange(first.operationId);
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
          {filter ? `${shown} of ${contract.operations.length} operations match` : `${contract.operations.length} operations`}
        </p>
      </div>
      <div className="playground-field">
        <label htmlFor={`${id}-operation`}>Operation</label>
        <select id={`${id}-operation`} value={value} onChange={(event) => onChange(event.target.value)}>
          {groups.map((group) => (
            <optgroup key={group.name} label={group.name}>
              {group.operations.map((operation) => (
                <option key={operation.operationId} value={operation.operationId}>
                  {`${operation.method.toUpperCase()} ${operation.summary}${operation.deprecated ? ' (deprecated)' : ''}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  );
}
