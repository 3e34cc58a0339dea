// @vitest-environment jsdom
/**
 * useClientCheck (decision 043): until the schemas have arrived a form gives no verdict of its
 * own (a blur says nothing, a press goes through to the server, which checks every post); once
 * they have, it checks exactly as the schema says. The module is held back here by a promise the
 * test resolves, not by a timer.
 */
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { useClientCheck } from "~/components/client-check";

afterEach(cleanup);

const schemas = { parseWithZod, nameSchema: z.object({ name: z.string({ required_error: "name_required" }).min(3, "name_short") }) };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function NameForm({ load, onPost }: { load: () => Promise<typeof schemas>; onPost: () => void }) {
  const check = useClientCheck((m) => m.nameSchema, load);
  const [form, fields] = useForm({
    id: "name-form",
    shouldValidate: "onBlur",
    onValidate: check,
    onSubmit: (event) => {
      event.preventDefault();
      onPost();
    },
  });
  return (
    <form {...getFormProps(form)}>
      <input {...getInputProps(fields.name, { type: "text" })} aria-label="name" />
      <p data-testid="errors">{(fields.name.errors ?? []).join(",")}</p>
      <button type="submit">send</button>
    </form>
  );
}

describe("useClientCheck", () => {
  it("before the schemas arrive: no message on blur, and a press posts (the server checks it)", async () => {
    const pending = deferred<typeof schemas>();
    let posts = 0;
    render(<NameForm load={() => pending.promise} onPost={() => posts++} />);
    const input = screen.getByLabelText("name");
    fireEvent.change(input, { target: { value: "x" } });
    fireEvent.blur(input);
    expect(screen.getByTestId("errors").textContent).toBe("");
    fireEvent.click(screen.getByText("send"));
    expect(posts).toBe(1);
  });

  it("once they have: the schema's message on blur, and a press with bad input never posts", async () => {
    const pending = deferred<typeof schemas>();
    let posts = 0;
    render(<NameForm load={() => pending.promise} onPost={() => posts++} />);
    await act(async () => {
      pending.resolve(schemas);
      await pending.promise;
    });
    const input = screen.getByLabelText("name");
    fireEvent.change(input, { target: { value: "x" } });
    fireEvent.blur(input);
    expect(await screen.findByText("name_short")).toBeTruthy();
    fireEvent.click(screen.getByText("send"));
    expect(posts).toBe(0);
    fireEvent.change(input, { target: { value: "Alice" } });
    fireEvent.click(screen.getByText("send"));
    expect(posts).toBe(1);
  });

  it("a module that cannot be fetched leaves every check to the server", async () => {
    let posts = 0;
    const failing = Promise.reject(new Error("chunk failed"));
    render(<NameForm load={() => failing} onPost={() => posts++} />);
    await act(async () => {
      await failing.catch(() => undefined);
    });
    const input = screen.getByLabelText("name");
    fireEvent.blur(input);
    fireEvent.click(screen.getByText("send"));
    expect(screen.getByTestId("errors").textContent).toBe("");
    expect(posts).toBe(1);
  });
});
