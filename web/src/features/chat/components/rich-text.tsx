import { richTextTokens } from '@atende/shared/rules/rich-text';
import { Fragment } from 'react';

/** `*bold*` and `_italic_` as elements built from tokens; the text itself is never parsed as HTML. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {richTextTokens(text).map((token, index) => {
        let node: React.ReactNode = token.text;
        if (token.italic) node = <em>{node}</em>;
        if (token.bold) node = <strong>{node}</strong>;
        return <Fragment key={index}>{node}</Fragment>;
      })}
    </>
  );
}
