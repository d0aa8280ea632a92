// What the pages state about the contract, held to the contract: the unit of each field they name, the status codes
// they say an operation answers, the spot price areas and countries they name, and the defaults they give a
// parameter, and the status a line gives every operation of a method. Each statement is read from one line (a sentence or a table row) of a guide or a recipe; a statement
// the contract contradicts is a problem naming the page and line. Pure: the test feeds it the files and the contract.
import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import { isObject } from '../json/object';
import { matchEndpoint } from '../openapi/endpoints';

export interface Contradiction {
  where: string;
  statement: string;
  contract: string;
}

/** Units as the pages and the contract write them; `kW` and `kWh` are different units. */
const UNITS = ['EUR/MWh', 'EUR/kWh', 'kWh', 'kW', '°C', 'km'] as const;
const UNIT_PATTERN = /(EUR\s*(?:per|\/)\s*MWh|EUR\s*(?:per|\/)\s*kWh|\bkWh\b|\bkW\b(?!h)|°C|degrees Celsius|\bkm\b)/g;

function unitOf(text: string): string {
  const normal = text.replace(/\s+/g, ' ');
  if (/MWh/.test(normal)) return 'EUR/MWh';
  if (/EUR/.test(normal)) return 'EUR/kWh';
  if (normal === 'degrees Celsius') return '°C';
  return (UNITS as readonly string[]).includes(normal) ? normal : normal;
}

/**
 * Each property name of the contract's schemas with the units its descriptions give (none: no unit stated). The
 * schemas are the OpenAPI document's `components.schemas`: the operation contract's keep no descriptions.
 */
export function contractUnits(schemas: Record<string, unknown>): Map<string, Set<string>> {
  const units = new Map<string, Set<string>>();
  const visit = (schema: unknown, depth = 0) => {
    if (!isObject(schema) || depth > 20) return;
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [name, property] of Object.entries(properties)) {
      const description = isObject(property) && typeof property.description === 'string' ? property.description : '';
      const found = [...description.matchAll(UNIT_PATTERN)].map((match) => unitOf(match[0]));
      if (found.length > 0) units.set(name, new Set([...(units.get(name) ?? []), ...found]));
      visit(property, depth + 1);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(schema[key])) for (const part of schema[key] as unknown[]) visit(part, depth + 1);
    if (schema.items) visit(schema.items, depth + 1);
  };
  for (const schema of Object.values(schemas)) visit(schema);
  return units;
}

/** `hourlyCharges` … (kW): a field in backticks and a unit on the same line, with nothing but a few words between. */
function unitStatements(line: string): { field: string; unit: string }[] {
  const statements: { field: string; unit: string }[] = [];
  for (const match of line.matchAll(/`([A-Za-z][A-Za-z0-9]*)`([^`.;|]{0,60}?)\(?\s*(?:in\s+)?(EUR\s*(?:per|\/)\s*MWh|EUR\s*(?:per|\/)\s*kWh|kWh|kW(?!h)|°C|degrees Celsius)\b/g))
    statements.push({ field: match[1] ?? '', unit: unitOf(match[3] ?? '') });
  return statements;
}

/** An operation named on a line by its method and path (`PUT /v2/kilowise/…`), the path's values filled in or not. */
function operationsNamed(line: string, operations: readonly ContractOperation[]): ContractOperation[] {
  const named: ContractOperation[] = [];
  for (const match of line.matchAll(/`?\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[^\s`?]+)/g)) {
    const [, method, path = ''] = match;
    const found = matchEndpoint(operations, method, path);
    if (found) named.push(found);
  }
  return named;
}

/** Status codes a line says an operation answers: `404`, or "answers 404", beside the operation it names. */
function statusStatements(line: string): number[] {
  return [...line.matchAll(/(?:`|\banswers?\s+|\bgives?\s+|\bis\s+a\s+)([1-5]\d\d)\b/g)].map((match) => Number(match[1]));
}

/**
 * A status a line gives a method on its own (`` `DELETE` `` … answers `404`, in one sentence) is a statement about
 * every operation of that method: each must document it.
 */
function methodStatements(where: string, line: string, operations: readonly ContractOperation[]): Contradiction[] {
  // Only a status the same sentence gives the method: "`PUT` replaces them (`404` on a GET)" says nothing of PUT.
  const match = /`(GET|POST|PUT|PATCH|DELETE)`[^.:()]*?\b(?:answers?|gives?)\s+`?([1-5]\d\d)\b/.exec(line);
  if (!match) return [];
  const [, method = '', status = ''] = match;
  const ofMethod = operations.filter((operation) => operation.method.toUpperCase() === method);
  return [Number(status)].flatMap((status) =>
    ofMethod
      .filter((operation) => !operation.responses.some((response) => Number(response.status) === status))
      .map((operation) => ({
        where,
        statement: `${method} answers ${status}`,
        contract: `${operation.operationId} documents ${operation.responses.map((response) => response.status).join(', ')}`,
      })),
  );
}

/**
 * Finds every statement of the pages that the contract contradicts. `pages` are the files' paths and texts; areas
 * and countries are what the sandbox serves (the contract's `getCountries` and its areas).
 */
export function findContradictions(
  pages: readonly { file: string; text: string }[],
  contract: OperationContract,
  schemas: Record<string, unknown>,
  served: { areas: readonly string[]; countries: readonly string[] },
): Contradiction[] {
  const units = contractUnits(schemas);
  const problems: Contradiction[] = [];
  const defaults = new Map<string, unknown>();
  for (const operation of contract.operations)
    for (const parameter of operation.parameters) {
      const value = typeof parameter.schema === 'object' ? parameter.schema.default : undefined;
      if (value !== undefined) defaults.set(parameter.name, value);
    }
  for (const { file, text } of pages) {
    text.split('\n').forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      for (const { field, unit } of unitStatements(line)) {
        const stated = units.get(field);
        if (stated && !stated.has(unit))
          problems.push({ where, statement: `${field} in ${unit}`, contract: `${field} in ${[...stated].join(' or ')}` });
      }
      const named = operationsNamed(line, contract.operations);
      if (named.length === 0) problems.push(...methodStatements(where, line, contract.operations));
      if (named.length === 1) {
        const [operation] = named as [ContractOperation];
        const documented = operation.responses.map((response) => Number(response.status));
        for (const status of statusStatements(line))
          if (!documented.includes(status))
            problems.push({
              where,
              statement: `${operation.operationId} answers ${status}`,
              contract: `${operation.operationId} documents ${documented.join(', ')}`,
            });
      }
      for (const match of line.matchAll(/`(SE[1-9]|NO[1-9]|DK[1-9]|DE-LU|FI|AT|EE|LV|LT|PL|NL|BE|FR)`/g)) {
        const id = match[1] ?? '';
        if (/area/i.test(line) && !served.areas.includes(id) && !served.countries.includes(id))
          problems.push({ where, statement: `spot price area ${id}`, contract: `areas served: ${served.areas.join(', ')}` });
      }
      for (const match of line.matchAll(/`([A-Za-z][A-Za-z0-9]*)`[^.|]{0,40}?\bdefaults? to\s+`([^`]+)`/g)) {
        const [, name = '', value = ''] = match;
        if (defaults.has(name) && String(defaults.get(name)) !== value)
          problems.push({ where, statement: `${name} defaults to ${value}`, contract: `${name} defaults to ${String(defaults.get(name))}` });
      }
    });
  }
  return problems;
}
