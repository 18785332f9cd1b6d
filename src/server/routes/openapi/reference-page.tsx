import { renderToStaticMarkup } from 'react-dom/server';
import type { openApiDocument } from './openapi-document';

type OpenApiDocument = ReturnType<typeof openApiDocument>;
type Operation = NonNullable<NonNullable<OpenApiDocument['paths']>[string]['get']>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A schema as readable JSON (a reference reads as the name of the schema it points to). */
function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2).replace(
    /\{\s*"\$ref": "#\/components\/schemas\/(\w+)"\s*\}/g,
    '$1',
  );
}

function OperationEntry({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: Operation;
}) {
  const id = `${method}-${path}`.replace(/[^\w-]/g, '-');
  const body =
    operation.requestBody && 'content' in operation.requestBody
      ? operation.requestBody.content
      : undefined;
  return (
    <section id={id} style={{ borderTop: '1px solid #cbd5e1', padding: '1rem 0' }}>
      <h3 style={{ fontFamily: 'ui-monospace, monospace', fontSize: '1rem' }}>
        {method.toUpperCase()} {path}
      </h3>
      {operation.summary ? <p>{operation.summary}</p> : null}
      <p>
        <strong>Who may call it:</strong>{' '}
        {operation.security && operation.security.length > 0
          ? 'signed in (session cookie)'
          : 'anyone'}
        {operation.tags?.length ? ` · ${operation.tags.join(', ')}` : ''}
      </p>
      {operation.parameters?.length ? (
        <>
          <h4>Parameters</h4>
          <ul>
            {operation.parameters.map((parameter) =>
              'name' in parameter ? (
                <li key={`${parameter.in}-${parameter.name}`}>
                  <code>{parameter.name}</code> ({parameter.in}
                  {parameter.required ? ', required' : ''})
                </li>
              ) : null,
            )}
          </ul>
        </>
      ) : null}
      {body?.['application/json'] ? (
        <>
          <h4>Body (application/json)</h4>
          <pre style={preStyle}>{schemaText(body['application/json'].schema)}</pre>
        </>
      ) : null}
      <h4>Answers</h4>
      <ul>
        {Object.entries(operation.responses ?? {}).map(([status, answer]) => (
          <li key={status}>
            <strong>{status}</strong> {'description' in answer ? answer.description : ''}
            {status.startsWith('2') &&
            'content' in answer &&
            answer.content?.['application/json'] ? (
              <pre style={preStyle}>{schemaText(answer.content['application/json'].schema)}</pre>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

const preStyle = {
  background: '#f1f5f9',
  padding: '0.75rem',
  overflowX: 'auto',
  fontSize: '0.8rem',
  maxHeight: '24rem',
} as const;

/** The API reference as one HTML page, from the OpenAPI document (outside production only). */
export function renderReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method]! }] : [])),
  );
  const schemas = Object.entries(document.components?.schemas ?? {});
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${document.info.title} reference`}</title>
      </head>
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          maxWidth: '960px',
          margin: '2rem auto',
          padding: '0 1rem',
          color: '#0f172a',
        }}
      >
        <h1>{document.info.title}</h1>
        <p>{document.info.description}</p>
        <p>
          The same as a machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>{' '}
          (OpenAPI {document.openapi}).
        </p>
        <h2>Endpoints ({operations.length})</h2>
        <nav aria-label="Endpoints">
          <ul>
            {operations.map(({ method, path }) => (
              <li key={`${method} ${path}`}>
                <a href={`#${`${method}-${path}`.replace(/[^\w-]/g, '-')}`}>
                  <code>
                    {method.toUpperCase()} {path}
                  </code>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {operations.map((entry) => (
          <OperationEntry key={`${entry.method} ${entry.path}`} {...entry} />
        ))}
        <h2>Schemas</h2>
        {schemas.map(([name, schema]) => (
          <section key={name}>
            <h3 id={`schema-${name}`}>{name}</h3>
            <pre style={preStyle}>{schemaText(schema)}</pre>
          </section>
        ))}
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
