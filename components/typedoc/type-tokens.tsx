import Link from 'next/link';
import type { TypeToken } from '@/lib/typedoc/model';

/** A rendered TypeScript type whose named symbols link to their TypeDoc pages. */
export function TypeTokens({ tokens }: { tokens: readonly TypeToken[] }) {
  return (
    <code className="typedoc-type">
      {tokens.map((token, index) =>
        token.href ? (
          <Link key={index} href={token.href}>
            {token.text}
          </Link>
        ) : (
          <span key={index}>{token.text}</span>
        ),
      )}
    </code>
  );
}
