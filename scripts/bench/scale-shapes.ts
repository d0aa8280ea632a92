// Step 5 of the bench: the site built with generated OpenAPI documents, the shapes that broke in-place expansion, and
// the API reference's figures for each.
import { generateDagSpec, generateWideSpec } from './generate-spec';
import { kb, medianFigures } from './page-figures';
import { measureShape, type Shape, type ShapeFigures } from './scale';

/** The generated documents of step 5: the shapes that broke in-place expansion, at three sizes. */
function shapes(): Shape[] {
  return [
    {
      name: 'Shared-schema DAG, depth 40, anyOf',
      document: generateDagSpec(40, 400),
      anchors: ['operation/getTree399', 'schema/Node40', 'tag/trees-7'],
    },
    {
      name: '1,500 operations, 2,000 schemas',
      document: generateWideSpec(1500, 2000, 30),
      anchors: ['operation/operation1499', 'webhook/event15', 'schema/Model1999', 'tag/group-59'],
    },
    {
      name: '20 MB document',
      document: generateWideSpec(3000, 4000, 82),
      anchors: ['operation/operation2999', 'webhook/event9', 'schema/Model3999', 'operation/operation1501'],
    },
  ];
}

/** Builds the site with each shape and prints the table; `port` is where its `next start` listens, `runs` the loads of /api. */
export async function measureShapes(port: number, runs: number): Promise<void> {
  console.log('\n[bench] 5. the site built with generated documents (a clean build each)');
  const results: ShapeFigures[] = [];
  for (const shape of shapes()) {
    console.log(`[bench]    ${shape.name}`);
    results.push(await measureShape(shape, port, runs));
  }
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  console.log(
    '\n[bench] API reference at scale (each: a clean `npm run build`; /api on the mobile profile, median of the loads)\n',
  );
  console.log(
    '| Document | Size | Operations / webhooks / schemas | Spec step | Peak memory | Model + fragments | Largest fragment, gzip | Whole build | `/api` HTML, gzip | `/api` total blocking time | Cold loads that land |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const api = medianFigures(result.runs);
    const written = result.spec.modelBytes + result.spec.fragmentBytes;
    const landed = result.landings.filter((landing) => landing.landed).length;
    console.log(
      `| ${result.name} | ${mb(result.documentBytes)} | ${result.spec.operations} / ${result.spec.webhooks} / ${result.spec.schemas} | ${result.spec.seconds.toFixed(1)} s | ${mb(result.spec.maxRssBytes)} | ${mb(written)} (${(written / result.documentBytes).toFixed(2)}×) | ${kb(result.spec.largestFragmentGzipBytes)} | ${result.buildSeconds.toFixed(0)} s | ${kb(api.htmlGzipBytes)} | ${api.totalBlockingTimeMs} ms | ${landed} of ${result.landings.length} |`,
    );
  }
  console.log('| Budget | | | ≤ 60 s | ≤ 1 GB | ≤ 3× | ≤ 100 KB | ≤ 180 s | ≤ 150 KB | ≤ 300 ms | all |');
  const missed = results.flatMap((result) =>
    result.landings
      .filter((landing) => !landing.landed)
      .map((landing) => `${result.name}: #${landing.anchor} at ${landing.topPx ?? 'missing'} px`),
  );
  if (missed.length > 0) console.log(`\nCold loads that did not land: ${missed.join('; ')}`);
}
