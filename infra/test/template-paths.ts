import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

type Properties = Record<string, unknown>;

interface CfnResource {
  Type: string;
  Properties: Properties;
}

interface StackTemplate {
  /** '' for the parent; the logical id of its AWS::CloudFormation::Stack resource for a nested stack. */
  key: string;
  template: Template;
}

/** The stack's template and those of its nested stacks, each keyed by its resource in the parent. */
export function stackTemplates(stack: Stack): StackTemplate[] {
  const nested = stack.node
    .findAll()
    .filter((child): child is NestedStack => NestedStack.isNestedStack(child))
    .map((child) => {
      if (!child.nestedStackResource) throw new Error(`${child.node.path} has no stack resource`);
      return { key: stack.getLogicalId(child.nestedStackResource), template: Template.fromStack(child) };
    });
  return [{ key: '', template: Template.fromStack(stack) }, ...nested];
}

/** Resource count of the parent ('') and of every nested stack. */
export function resourceCounts(stack: Stack): Map<string, number> {
  return new Map(
    stackTemplates(stack).map(({ key, template }) => [
      key,
      Object.keys((template.toJSON() as { Resources?: object }).Resources ?? {}).length,
    ]),
  );
}

/**
 * Follows a nested stack's parameter to the value its parent passes: `{Ref}` to a parent resource, or 'root'
 * for the API's root resource id. Answers the stack-qualified logical id (`key:id`).
 */
function referenceOf(templates: Map<string, Properties>, key: string, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[1] === 'RootResourceId') return 'root';
  if (typeof record.Ref !== 'string') return undefined;
  const template = templates.get(key) as { Parameters?: Properties } | undefined;
  if (key !== '' && template?.Parameters?.[record.Ref] !== undefined) {
    const parentResources = (templates.get('') as { Resources: Record<string, CfnResource> }).Resources;
    const passed = (parentResources[key]?.Properties.Parameters as Properties | undefined)?.[record.Ref];
    return referenceOf(templates, '', passed);
  }
  return `${key}:${record.Ref}`;
}

export interface RestMethod {
  properties: Properties;
  /** The AuthorizerId as a parent-stack reference (`{Ref}`), whichever stack the method is in. */
  authorizerRef: string | undefined;
  stackKey: string;
}

/** Every REST method as "GET /api/health", wherever its stack, with its resource path resolved. */
export function methodsByRoute(stack: Stack): Map<string, RestMethod> {
  const templates = new Map(stackTemplates(stack).map(({ key, template }) => [key, template.toJSON()]));
  const resources = new Map<string, CfnResource>();
  for (const [key, json] of templates) {
    for (const [id, resource] of Object.entries(
      (json as { Resources: Record<string, CfnResource> }).Resources,
    )) {
      resources.set(`${key}:${id}`, resource);
    }
  }
  const keyOf = (qualified: string): string => qualified.slice(0, qualified.indexOf(':'));
  const paths = new Map<string, string>([['root', '']]);
  const resolve = (qualified: string): string => {
    const known = paths.get(qualified);
    if (known !== undefined) return known;
    const resource = resources.get(qualified);
    if (resource?.Type !== 'AWS::ApiGateway::Resource') throw new Error(`unknown resource ${qualified}`);
    const parent = referenceOf(templates, keyOf(qualified), resource.Properties.ParentId);
    if (!parent) throw new Error(`resource ${qualified} has no parent`);
    const full = `${resolve(parent)}/${String(resource.Properties.PathPart)}`;
    paths.set(qualified, full);
    return full;
  };
  const result = new Map<string, RestMethod>();
  for (const [qualified, resource] of resources) {
    if (resource.Type !== 'AWS::ApiGateway::Method') continue;
    const key = keyOf(qualified);
    const target = referenceOf(templates, key, resource.Properties.ResourceId);
    if (!target) throw new Error('method without resource');
    const authorizer = referenceOf(templates, key, resource.Properties.AuthorizerId);
    result.set(`${String(resource.Properties.HttpMethod)} ${resolve(target) || '/'}`, {
      properties: resource.Properties,
      authorizerRef: authorizer?.slice(authorizer.indexOf(':') + 1),
      stackKey: key,
    });
  }
  return result;
}

/**
 * How the parent refers to an attribute of a nested stack's resource (a queue's ARN, say): through the
 * nested stack's output of it.
 */
export function parentRefOf(
  parent: Stack,
  nested: NestedStack,
  resourceId: string,
  attribute: string,
): { 'Fn::GetAtt': [string, string] } {
  const outputs = (Template.fromStack(nested).toJSON() as { Outputs?: Record<string, { Value: unknown }> })
    .Outputs;
  const wanted = JSON.stringify({ 'Fn::GetAtt': [resourceId, attribute] });
  const output = Object.entries(outputs ?? {}).find(([, { Value }]) => JSON.stringify(Value) === wanted);
  if (!output || !nested.nestedStackResource) {
    throw new Error(`${nested.node.path} has no output of ${resourceId}.${attribute}`);
  }
  return { 'Fn::GetAtt': [parent.getLogicalId(nested.nestedStackResource), `Outputs.${output[0]}`] };
}
