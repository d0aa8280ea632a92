import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDagSpec } from '../../scripts/bench/generate-spec';
import type { SpecSettings } from './load';
import type { ApiModel, SchemaNode } from './model';
import { normaliseSpec } from './normalise';
import { buildApi, type ApiBuild } from './pipeline';
import { validateSpec } from './validate';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const fromFile = (name: string): SpecSettings => ({
  source: { kind: 'snapshot', location: fixture(name) },
  fallbackToSnapshot: false,
});

/** The model with the machine-specific fixture path replaced, for checked-in expected outputs. */
function portable(model: ApiModel): string {
  return `${JSON.stringify({ ...model, source: { ...model.source, location: path.basename(model.source.location) } }, null, 2)}\n`;
}

const schemaOf = (model: ApiModel, name: string) =>
  model.schemas.find((schema) => schema.name === name)?.node as SchemaNode;
const field = (node: SchemaNode | undefined, name: string) =>
  node?.properties?.find((property) => property.name === name);

// Each model is built in its describe's hook, not as the describe collects its tests: a mutant (Stryker) is
// switched on only when the tests run, and a failed build then fails the describe's tests.
describe('OpenAPI 3.1 in full', () => {
  let model: ApiBuild['model'];
  let warnings: ApiBuild['warnings'];
  beforeAll(async () => {
    ({ model, warnings } = await buildApi(fromFile('v31-features.yaml')));
  });

  it('matches the expected model', async () => {
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/v31-features.model.json');
  });

  it('follows $refs to $id and $anchor targets', () => {
    const pet = model.tags[0]?.operations.find((operation) => operation.operationId === 'getPet');
    expect(pet?.responses[0]?.media[0]?.schema).toEqual({ kind: 'ref', refName: 'Pet' });
    // `/schemas/details#pet_details` names a property of Details by its anchor: expanded in place.
    expect(field(schemaOf(model, 'Pet'), 'details')?.node).toMatchObject({
      kind: 'primitive',
      type: 'string',
      examples: ['Friendly', 'Shy'],
    });
  });

  it('shows type arrays, const, examples arrays and prefixItems', () => {
    const pet = schemaOf(model, 'Pet');
    const petId = model.tags[0]?.operations[0]?.parameters[0]?.schema;
    expect(petId).toMatchObject({ kind: 'primitive', type: 'string or integer', examples: ['42', 'rex-1'] });
    expect(field(pet, 'kind')?.node).toMatchObject({ kind: 'primitive', type: 'string', const: 'pet' });
    expect(field(pet, 'tag')?.node).toMatchObject({ kind: 'primitive', type: 'string', nullable: true });
    const position = field(pet, 'position')?.node;
    expect(position?.kind).toBe('array');
    expect(position?.prefixItems?.map((item) => item.descriptionHtml)).toEqual([
      '<p>Latitude.</p>',
      '<p>Longitude.</p>',
    ]);
    expect(position?.items).toBeUndefined();
    const mixed = field(schemaOf(model, 'Adoption'), 'mixed')?.node;
    expect(mixed?.kind).toBe('anyOf');
    expect(mixed?.variants?.map((variant) => variant.kind)).toEqual(['object', 'array']);
  });

  it('shows anyOf with a null like a nullable type, and keeps recursion as a reference', () => {
    const added = model.tags.flatMap((tag) => tag.operations).find((operation) => operation.operationId === 'addShape');
    expect(added?.responses[0]?.media[0]?.schema).toEqual({ kind: 'ref', refName: 'Shape', nullable: true });
    expect(field(schemaOf(model, 'Pet'), 'parent')?.node).toEqual({ kind: 'ref', refName: 'Pet' });
  });

  it('names the variants of a discriminator, from the mapping and by schema name', () => {
    expect(schemaOf(model, 'Shape').discriminator).toEqual({
      propertyName: 'shape',
      mapping: [
        { value: 'round', refName: 'Circle' },
        { value: 'Square', refName: 'Square' },
      ],
    });
  });

  it('merges allOf objects, required where any part requires them', () => {
    const circle = schemaOf(model, 'Circle');
    expect(circle.kind).toBe('object');
    expect(circle.properties?.map((property) => `${property.name}${property.required ? '*' : ''}`)).toEqual([
      'shape*',
      'label',
      'radius*',
    ]);
    // A part with only `required` and fields of its own.
    expect(
      schemaOf(model, 'Square').properties?.map((property) => `${property.name}${property.required ? '*' : ''}`),
    ).toEqual(['shape', 'label', 'side*']);
  });

  it('keeps deep anyOf/oneOf nesting', () => {
    const filter = schemaOf(model, 'Filter');
    expect(filter.kind).toBe('anyOf');
    const inner = filter.variants?.[1];
    expect(inner?.kind).toBe('oneOf');
    expect(inner?.variants?.[1]?.variants?.[1]).toEqual({ kind: 'array', items: { kind: 'ref', refName: 'Filter' } });
  });

  it('warns, naming the pointer, about what the model does not show', () => {
    expect(warnings).toEqual([
      '#/components/schemas/Pet/properties/rules/not: "not" is not shown in the reference',
      '#/components/schemas/Pet/properties/rules/if: "if" is not shown in the reference',
    ]);
    expect(field(schemaOf(model, 'Pet'), 'rules')?.node.unsupported).toEqual(['not', 'if']);
  });

  it('lists webhooks with their anchors', () => {
    expect(model.webhooks).toMatchObject([
      {
        name: 'petAdopted',
        anchor: 'webhook/petAdopted',
        method: 'post',
        operationId: 'onPetAdopted',
        summary: 'A pet was adopted',
      },
    ]);
    expect(model.webhooks[0]?.requestBody?.media[0]?.schema).toEqual({ kind: 'ref', refName: 'Adoption' });
  });

  it('names a $ref to an anchor that does not exist', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {},
      components: { schemas: { A: { $id: '/a', type: 'object' }, B: { $ref: '/a#nowhere' } } },
    };
    await expect(validateSpec(document, 'doc.yaml')).rejects.toThrow(
      '[openapi] doc.yaml: unresolvable $ref: "/a#nowhere" at #/components/schemas/B names no $anchor "nowhere"',
    );
  });
});

describe('OpenAPI 3.0 edge cases', () => {
  let model: ApiBuild['model'];
  let warnings: ApiBuild['warnings'];
  beforeAll(async () => {
    ({ model, warnings } = await buildApi(fromFile('v30-edges.yaml')));
  });

  it('matches the expected model, with nothing it cannot show', async () => {
    await expect(portable(model)).toMatchFileSnapshot('./fixtures/expected/v30-edges.model.json');
    expect(warnings).toEqual([]);
  });

  it('shows 3.0 nullable as 3.1 null types are shown, on a ref through allOf too', () => {
    const animal = schemaOf(model, 'Animal');
    expect(field(animal, 'name')?.node).toEqual({ kind: 'primitive', type: 'string', nullable: true });
    expect(field(animal, 'owner')?.node).toEqual({ kind: 'ref', refName: 'Owner', nullable: true });
    // An enum with a null value is a nullable enum.
    expect(field(schemaOf(model, 'Dog'), 'breed')?.node).toMatchObject({ enum: ['husky', 'collie'], nullable: true });
  });

  it('merges the base of an allOf, with its discriminator, and names variants by schema name', () => {
    const cat = schemaOf(model, 'Cat');
    expect(cat.properties?.map((property) => `${property.name}${property.required ? '*' : ''}`)).toEqual([
      'kind*',
      'name*',
      'owner',
      'indoor',
    ]);
    expect(schemaOf(model, 'Pet').discriminator?.mapping).toEqual([
      { value: 'Cat', refName: 'Cat' },
      { value: 'Dog', refName: 'Dog' },
    ]);
  });
});

describe('a document with webhooks and no paths', () => {
  it('builds, with each webhook and method anchored', async () => {
    const { model } = await buildApi(fromFile('webhooks-only.yaml'));
    expect(model.tags).toEqual([]);
    expect(model.webhooks.map((webhook) => `${webhook.method} ${webhook.anchor}`)).toEqual([
      'post webhook/priceUpdated',
      'put webhook/priceUpdated/put',
    ]);
  });
});

describe('linear cost', () => {
  const modelBytes = async (depth: number) => {
    const document = await validateSpec(generateDagSpec(depth), `dag-${depth}`);
    return JSON.stringify(normaliseSpec(document, { kind: 'url', location: `dag-${depth}` })).length;
  };

  it('builds a shared-schema DAG of depth 20 at most 2.5 times the size of depth 10 (in place it would be 1,000 times)', async () => {
    const ten = await modelBytes(10);
    const twenty = await modelBytes(20);
    expect(twenty / ten).toBeLessThanOrEqual(2.5);
  });
});
