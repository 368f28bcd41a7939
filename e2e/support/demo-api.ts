/**
 * The shop's JSON API at `baseUrl`, for the screenshot scripts that set up a demo shop's data:
 * `api('POST', 'cart', body, token)` answers the parsed JSON (nothing for 204) or throws with the
 * answer's status and text.
 */
export function demoApi(baseUrl: string) {
  return async function api<T>(method: string, apiPath: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${baseUrl}/api/v1/${apiPath}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}
