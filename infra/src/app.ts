import type { App } from 'aws-cdk-lib';
import { AtendeStack, type AtendeStackProps } from './stacks/atende-stack.ts';
import { EdgeWafStack } from './waf.ts';

export interface Stacks {
  main: AtendeStack;
  /** The CloudFront web ACL's stack in us-east-1, when the product lives in another region. */
  edge: EdgeWafStack | undefined;
}

/**
 * The deployable app: the product's stack in `region`, plus, outside us-east-1, the small us-east-1 stack
 * holding CloudFront's web ACL (AWS accepts that scope only there), read back through a cross-region reference.
 */
export function buildStacks(
  app: App,
  options: Omit<AtendeStackProps, 'env' | 'cloudFrontWebAclArn'> & { account?: string; region: string },
): Stacks {
  const { account, region, ...props } = options;
  const name = `atende-${props.stage}`;
  if (region === 'us-east-1') {
    return { main: new AtendeStack(app, name, { ...props, env: { account, region } }), edge: undefined };
  }
  const edge = new EdgeWafStack(app, `${name}-edge`, {
    namePrefix: `${name}-`,
    env: { account, region: 'us-east-1' },
    description: `Atende (${props.stage}): CloudFront web ACL (us-east-1)`,
  });
  const main = new AtendeStack(app, name, {
    ...props,
    env: { account, region },
    crossRegionReferences: true,
    cloudFrontWebAclArn: edge.webAcl.acl.attrArn,
  });
  return { main, edge };
}
