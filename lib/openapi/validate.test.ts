import { describe, expect, it } from 'vitest';
import { validateSpec } from './validate';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- documents are edited freely in the tests

/** A valid 3.0 document with one operation, for each test to break in one way. */
const document = (): Doc => ({
  openapi: '3.0.3',
  info: { title: 'Validate fixture', version: '1' },
  paths: {
    '/locations': {
      get: {
        operationId: 'getLocations',
        responses: {
          '200': {
            description: 'The locations.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Location' } } },
          },
        },
      },
    },
  },
  components: { schemas: { Location: { type: 'object', properties: { name: { type: 'string' } } } } },
});

const problemOf = async (doc: Doc): Promise<string> => {
  try {
    await validateSpec(doc, 'doc.yaml');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the document was accepted');
};

describe('validateSpec: one line that names the file, the place and the problem', () => {
  it('accepts the valid document and returns it with its refs in place', async () => {
    const valid = await validateSpec(document(), 'doc.yaml');
    expect(valid.paths?.['/locations']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Location' } } },
    });
  });

  it('names the first ref that points nowhere (in document order), where it is, and how many more there are', async () => {
    const doc = document();
    doc.components.schemas.Location.properties.tags = { type: 'array', items: { $ref: '#/components/schemas/Gone' } };
    doc.components.schemas.Address = { $ref: '#/components/schemas/Missing' };
    expect(await problemOf(doc)).toBe(
      '[openapi] doc.yaml: unresolvable $ref: "#/components/schemas/Gone" at #/components/schemas/Location/properties/tags/items (and 1 more)',
    );
    delete doc.components.schemas.Location.properties.tags;
    expect(await problemOf(doc)).toBe(
      '[openapi] doc.yaml: unresolvable $ref: "#/components/schemas/Missing" at #/components/schemas/Address',
    );
  });

  it('names a property the OpenAPI schema does not allow', async () => {
    const doc = document();
    doc.info.colour = 'red';
    expect(await problemOf(doc)).toBe(
      '[openapi] doc.yaml: invalid document: #/info must NOT have additional properties (colour)',
    );
  });

  it('points at the deepest failure and counts the rest', async () => {
    const doc = document();
    doc.paths['/locations'].get.parameters = [{ name: 'limit', in: 'body-of-the-request' }];
    expect(await problemOf(doc)).toMatch(
      /^\[openapi\] doc\.yaml: invalid document: #\/paths\/~1locations\/get\/parameters\/0 .+ \(and \d+ more\)$/,
    );
  });

  it('reads a $ref inside an example as data, not as a reference', async () => {
    const doc = document();
    const media = doc.paths['/locations'].get.responses['200'].content['application/json'];
    media.example = { $ref: '#/not/a/schema' };
    doc.components.schemas.Location.example = { $ref: 'another-file.yaml' };
    // Accepted, and the examples come back as they were written: no ref in them was followed or rewritten.
    const accepted = await validateSpec(doc, 'doc.yaml');
    expect(accepted.paths?.['/locations']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { example: { $ref: '#/not/a/schema' } } },
    });
    expect(accepted.components?.schemas?.Location).toMatchObject({ example: { $ref: 'another-file.yaml' } });
    delete media.example;
    media.examples = { one: { value: { $ref: 'elsewhere.yaml#/x' } } };
    const withExamples = await validateSpec(doc, 'doc.yaml');
    expect(withExamples.paths?.['/locations']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { examples: { one: { value: { $ref: 'elsewhere.yaml#/x' } } } } },
    });
  });

  it('names the file that an external ref could not open', async () => {
    const doc = document();
    doc.components.schemas.Address = { $ref: 'no-such-file.yaml#/Address' };
    expect(await problemOf(doc)).toMatch(
      /^\[openapi\] doc\.yaml: unresolvable \$ref: Error opening file \S*no-such-file\.yaml: ENOENT/,
    );
  });

  it('lists each operationId used twice with the places that use it', async () => {
    const doc = document();
    doc.paths['/locations'].post = { operationId: 'getLocations', responses: { '204': { description: 'Done' } } };
    doc.paths['/other'] = { put: { operationId: 'getLocations', responses: { '204': { description: 'Done' } } } };
    expect(await problemOf(doc)).toBe(
      '[openapi] doc.yaml: duplicate operationIds: "getLocations" (GET /locations, POST /locations, PUT /other)',
    );
  });
});
