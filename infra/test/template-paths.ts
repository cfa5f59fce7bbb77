import type { Template } from 'aws-cdk-lib/assertions';

type Properties = Record<string, unknown>;

interface CfnResource {
  Properties: Properties;
}

const refOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.Ref === 'string') return record.Ref;
  const getAtt = record['Fn::GetAtt'];
  return Array.isArray(getAtt) && getAtt[1] === 'RootResourceId' ? 'root' : undefined;
};

/** Full path of every API Gateway resource, by logical id ('root' is the API's root). */
export function resourcePaths(template: Template): Map<string, string> {
  const resources = template.findResources('AWS::ApiGateway::Resource') as Record<string, CfnResource>;
  const paths = new Map<string, string>([['root', '']]);
  const resolve = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const resource = resources[id];
    if (!resource) throw new Error(`unknown resource ${id}`);
    const parent = refOf(resource.Properties.ParentId);
    if (!parent) throw new Error(`resource ${id} has no parent`);
    const full = `${resolve(parent)}/${String(resource.Properties.PathPart)}`;
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(resources)) resolve(id);
  return paths;
}

/** Every REST method as "GET /api/health" → its CloudFormation properties. */
export function methodsByRoute(template: Template): Map<string, Properties> {
  const paths = resourcePaths(template);
  const methods = template.findResources('AWS::ApiGateway::Method') as Record<string, CfnResource>;
  const result = new Map<string, Properties>();
  for (const method of Object.values(methods)) {
    const resource = refOf(method.Properties.ResourceId);
    const path = resource ? paths.get(resource) : undefined;
    if (path === undefined) throw new Error('method without resource');
    result.set(`${String(method.Properties.HttpMethod)} ${path || '/'}`, method.Properties);
  }
  return result;
}
