import { createServer } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { gracefulClose } from "./graceful-close";

/** Reads a socket until it ends. */
const readAll = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => resolve(text));
  });

describe("closing the server", () => {
  it("answers a request whose connection opened before the close and whose bytes arrive after it", async () => {
    const server = createServer((_req, res) => res.end("answered"));
    const close = gracefulClose(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const accepted = new Promise<void>((resolve) => server.once("connection", () => resolve()));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    const reply = readAll(socket);
    await accepted;
    const closed = new Promise<void>((resolve) => close(resolve));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const text = await reply;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toMatch(/connection: close/i);
    expect(text).toContain("answered");
    await closed;
  });

  it("ends kept-alive connections that are idle, so the close does not wait for their timeout", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    server.keepAliveTimeout = 600_000;
    const close = gracefulClose(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    const answered = new Promise<void>((resolve) => socket.once("data", () => resolve()));
    const ended = readAll(socket);
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await answered;
    await new Promise<void>((resolve) => close(resolve));
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});
