import type { Changelog } from '../sdk/changelog';
import { CHANGE_KIND_LABELS, CHANGE_KINDS } from '../change-kinds';
import {
  symbolGroup,
  SYMBOL_GROUPS,
  kindLabel,
  type SdkClass,
  type SdkProperty,
  type SdkReference,
  type SdkSymbol,
  type TypeToken,
} from '../typedoc/model';

const text = (tokens: readonly TypeToken[]) => tokens.map((token) => token.text).join('');
const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function propertiesTable(properties: readonly SdkProperty[], label: string): string[] {
  return [
    `| ${label} | Type | Description |`,
    '|---|---|---|',
    ...properties.map(
      (property) =>
        `| \`${property.readonly ? 'readonly ' : ''}${property.name}${property.optional ? '?' : ''}\` | \`${cell(text(property.type))}\` | ${cell(
          [
            property.deprecated ? `Deprecated: ${property.deprecated.text}` : '',
            property.description?.text ?? '',
            property.example ? `Example: \`${property.example}\`` : '',
          ]
            .filter(Boolean)
            .join(' '),
        )} |`,
    ),
  ];
}

const signature = (name: string, parameters: SdkClass['methods'][number]['parameters']) =>
  `${name}(${parameters.map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}: ${text(parameter.type)}`).join(', ')})`;

/** A class's constructor, properties and methods as Markdown. */
function classMarkdown(symbol: SdkClass, siteUrl: string): string[] {
  const lines: string[] = [];
  if (symbol.extends.length > 0)
    lines.push(`Extends ${symbol.extends.map((tokens) => `\`${text(tokens)}\``).join(', ')}.`, '');
  if (symbol.constructorParameters) {
    lines.push('## Constructor', '', '```ts', `new ${signature(symbol.name, symbol.constructorParameters)}`, '```', '');
    for (const block of symbol.constructorThrows) lines.push(`Throws: ${block.text}`, '');
  }
  if (symbol.properties.length > 0)
    lines.push('## Properties', '', ...propertiesTable(symbol.properties, 'Property'), '');
  if (symbol.methods.length > 0) lines.push('## Methods', '');
  for (const method of symbol.methods) {
    lines.push(
      `### ${method.name}()`,
      '',
      '```ts',
      `${signature(method.name, method.parameters)}: ${text(method.returns)}`,
      '```',
      '',
    );
    if (method.deprecated) lines.push(`**Deprecated.** ${method.deprecated.text}`, '');
    if (method.description) lines.push(method.description.text, '');
    if (method.operationId)
      lines.push(`Calls \`${method.operationId}\`: ${siteUrl}/api#operation/${method.operationId}`, '');
    for (const parameter of method.parameters)
      lines.push(
        `- \`${parameter.name}${parameter.optional ? '?' : ''}\` (\`${text(parameter.type)}\`)${parameter.description ? `: ${parameter.description.text}` : ''}`,
      );
    if (method.parameters.length > 0) lines.push('');
    for (const block of method.throws) lines.push(`Throws: ${block.text}`, '');
    for (const example of method.examples) lines.push('```ts', example.code, '```', '');
  }
  return lines;
}

/** A function's signature, or a variable's or type alias's type: what comes before the examples. */
function declarationMarkdown(symbol: SdkSymbol): string[] {
  const lines: string[] = [];
  if (symbol.kind === 'function') {
    const parameters = symbol.parameters
      .map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}: ${text(parameter.type)}`)
      .join(', ');
    lines.push(
      '## Signature',
      '',
      '```ts',
      `function ${symbol.name}(${parameters}): ${text(symbol.returns)}`,
      '```',
      '',
    );
  }
  if (symbol.kind === 'variable' || symbol.kind === 'type') {
    lines.push(
      '## Type',
      '',
      '```ts',
      `${symbol.kind === 'type' ? `type ${symbol.name} =` : `const ${symbol.name}:`} ${text(symbol.type)}`,
      '```',
      '',
    );
  }
  return lines;
}

/** What a symbol is made of, after its examples: a class's or interface's members, an enum's, a function's props or parameters. */
function membersMarkdown(symbol: SdkSymbol, siteUrl: string): string[] {
  const lines: string[] = [];
  if (symbol.kind === 'class') return classMarkdown(symbol, siteUrl);
  if (symbol.kind === 'interface') {
    if (symbol.extends.length > 0)
      lines.push(`Extends ${symbol.extends.map((tokens) => `\`${text(tokens)}\``).join(', ')}.`, '');
    lines.push('## Properties', '', ...propertiesTable(symbol.properties, 'Property'), '');
  }
  if (symbol.kind === 'enum') {
    lines.push('## Members', '', '| Member | Value | Description |', '|---|---|---|');
    for (const member of symbol.members)
      lines.push(
        `| \`${member.name}\` | \`'${member.value}'\` | ${cell(`${member.deprecated ? 'Deprecated. ' : ''}${member.description?.text ?? ''}`)} |`,
      );
    lines.push('');
  }
  if (symbol.kind === 'function' && symbol.props) {
    lines.push('## Props', '', `Of type \`${text(symbol.props.type)}\`.`, '');
    if (symbol.props.properties.length > 0) lines.push(...propertiesTable(symbol.props.properties, 'Prop'), '');
  } else if (symbol.kind === 'function' && symbol.parameters.length > 0) {
    lines.push('## Parameters', '', '| Parameter | Type | Description |', '|---|---|---|');
    for (const parameter of symbol.parameters)
      lines.push(
        `| \`${parameter.name}${parameter.optional ? '?' : ''}\` | \`${cell(text(parameter.type))}\` | ${cell(parameter.description?.text ?? '')} |`,
      );
    lines.push('', `Returns \`${text(symbol.returns)}\`.`, '');
  }
  return lines;
}

/** One TypeDoc page as Markdown: what it is, its import, signature or type, examples and members. */
export function symbolToMarkdown(
  symbol: SdkSymbol,
  reference: Pick<SdkReference, 'packageName' | 'version'>,
  siteUrl: string,
): string {
  const typeOnly = symbol.kind === 'interface' || symbol.kind === 'type';
  const lines = [
    `# ${symbol.name}`,
    '',
    `> ${kindLabel(symbol)} in ${reference.packageName} ${reference.version}. ${symbol.description?.text ?? ''}`.trim(),
    '',
  ];
  if (symbol.deprecated) lines.push(`**Deprecated.** ${symbol.deprecated.text}`, '');
  if (symbol.apiSchema)
    lines.push(
      `The REST view of this type is the \`${symbol.apiSchema}\` schema: ${siteUrl}/api#schema/${symbol.apiSchema}`,
      '',
    );
  lines.push(
    '```ts',
    `import ${typeOnly ? 'type ' : ''}{ ${symbol.name} } from '${reference.packageName}';`,
    '```',
    '',
  );
  lines.push(...declarationMarkdown(symbol));
  for (const example of symbol.examples) lines.push('## Example', '', '```tsx', example.code, '```', '');
  lines.push(...membersMarkdown(symbol, siteUrl));
  if (symbol.usedBy.length > 0)
    lines.push(
      '## Used by',
      '',
      ...symbol.usedBy.map(
        (usage) => `- \`${usage.label}\`: ${usage.href.startsWith('/') ? siteUrl : ''}${usage.href}`,
      ),
      '',
    );
  return lines.join('\n').trim();
}

/** A package's TypeDoc index as Markdown: each export, grouped, with its first sentence and its twin. */
export function typedocIndexToMarkdown(reference: SdkReference, siteUrl: string): string {
  const lines = [
    `# ${reference.packageName} reference`,
    '',
    `> Every export of ${reference.packageName} ${reference.version}, generated with TypeDoc from the package's source.`,
    '',
  ];
  for (const group of SYMBOL_GROUPS) {
    const symbols = reference.symbols.filter((symbol) => symbolGroup(symbol) === group);
    if (symbols.length === 0) continue;
    lines.push(
      `## ${group}`,
      '',
      ...symbols.map(
        (symbol) =>
          `- [${symbol.name}](${siteUrl}${symbol.url}.md): ${symbol.description?.text.split(/(?<=[.!?])\s/)[0] ?? ''}`,
      ),
      '',
    );
  }
  return lines.join('\n').trim();
}

/** A package's releases as Markdown, newest first. */
export function changelogToMarkdown(changelog: Changelog): string {
  const lines = [
    `# ${changelog.package} versions`,
    '',
    `> Every release of ${changelog.package}; the current one is ${changelog.current}.`,
    '',
  ];
  for (const release of changelog.releases) {
    lines.push(`## ${release.version}${release.version === changelog.current ? ' (current)' : ''}`, '');
    lines.push(
      `Released ${release.date} · API ${release.apiVersion} · Node.js \`${release.node}\`${release.react ? ` · React \`${release.react}\`` : ''}`,
      '',
    );
    if (release.summary) lines.push(release.summary, '');
    for (const kind of CHANGE_KINDS) {
      const items = release[kind];
      if (!items || items.length === 0) continue;
      lines.push(`**${CHANGE_KIND_LABELS[kind]}**`, '', ...items.map((item) => `- ${item}`), '');
    }
    lines.push('```bash', `npm install ${changelog.package}@${release.version}`, '```', '');
  }
  return lines.join('\n').trim();
}
