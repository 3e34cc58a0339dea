/** The baseline's one page: a loader, an action and a one-field form that works without JavaScript. */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Log in" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({ welcome: url.searchParams.get("welcome") ?? "" });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const username = String(form.get("username") ?? "").trim();
  if (!/^\w{3,32}$/.test(username)) {
    return json({ error: "Enter a username of 3 to 32 letters or digits.", username }, { status: 400 });
  }
  return redirect(`/login?welcome=${encodeURIComponent(username)}`, 303);
}

export default function Login() {
  const { welcome } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main>
      <h1>Log in</h1>
      {welcome ? <p>Welcome, {welcome}.</p> : null}
      <Form method="post">
        <label>
          Username <input name="username" autoComplete="username" defaultValue={failed?.username ?? ""} required />
        </label>
        {failed?.error ? <p role="alert">{failed.error}</p> : null}
        <button type="submit">Log in</button>
      </Form>
    </main>
  );
}
