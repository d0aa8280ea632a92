import { Tab, Tabs } from '@/components/mdx/tabs.client';
import type { ApiOperation } from '@/lib/openapi/model';
import { PrerenderedHtml } from './prerendered-html';

/** The request in each language, as tabs over code highlighted at build time. */
export function CodeSamples({ samples }: { samples: ApiOperation['samples'] }) {
  return (
    <Tabs>
      {samples.map((sample) => (
        <Tab key={sample.label} label={sample.label}>
          <PrerenderedHtml html={sample.html} what={`the ${sample.label} sample`} />
        </Tab>
      ))}
    </Tabs>
  );
}
