import { describe, expect, it } from 'vitest';
import { dataFromString, StringFormatError } from './string-formats';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('upload data from strings', () => {
  it('takes raw text as UTF-8', () => {
    expect(text(dataFromString('raw', 'Grüße ✓').bytes)).toBe('Grüße ✓');
  });

  it('decodes base64 and base64url, with or without padding', () => {
    expect(text(dataFromString('base64', 'P/8+Pg==').bytes)).toBe(text(new Uint8Array([0x3f, 0xff, 0x3e, 0x3e])));
    expect([...dataFromString('base64url', 'P_8-Pg').bytes]).toEqual([0x3f, 0xff, 0x3e, 0x3e]);
    expect(text(dataFromString('base64', 'aGVsbG8').bytes)).toBe('hello');
  });

  it("refuses base64 with '-' or '_' and base64url with '+' or '/'", () => {
    expect(() => dataFromString('base64', 'P_8-Pg')).toThrow("String does not match format 'base64': Invalid character '-' found: is it base64url encoded?");
    expect(() => dataFromString('base64', 'P_8')).toThrow("Invalid character '_' found: is it base64url encoded?");
    expect(() => dataFromString('base64url', 'P/8+Pg==')).toThrow("String does not match format 'base64url': Invalid character '+' found: is it base64 encoded?");
    expect(() => dataFromString('base64url', 'P/8')).toThrow("Invalid character '/' found: is it base64 encoded?");
    expect(() => dataFromString('base64', 'abc$')).toThrow("String does not match format 'base64': Invalid character found");
  });

  it('reads data URLs with and without base64, and their media type', () => {
    expect(dataFromString('data_url', 'data:text/plain;base64,aGVsbG8=')).toEqual({ bytes: new TextEncoder().encode('hello'), contentType: 'text/plain' });
    const plain = dataFromString('data_url', 'data:text/plain;charset=utf-8,Gr%C3%BC%C3%9Fe');
    expect(text(plain.bytes)).toBe('Grüße');
    expect(plain.contentType).toBe('text/plain;charset=utf-8');
    expect(dataFromString('data_url', 'data:,hi')).toEqual({ bytes: new TextEncoder().encode('hi'), contentType: null });
  });

  it("refuses anything not of the form 'data:[<mediatype>][;base64],<data>'", () => {
    expect(() => dataFromString('data_url', 'hello')).toThrow(StringFormatError);
    expect(() => dataFromString('data_url', 'hello')).toThrow("String does not match format 'data_url': Must be formatted 'data:[<mediatype>][;base64],<data>");
    expect(() => dataFromString('data_url', 'data:text/plain,%E0%A4%A')).toThrow("String does not match format 'data_url': Malformed data URL.");
    expect(() => dataFromString('data_url', 'data:image/png;base64,ab-c')).toThrow("Invalid character '-' found: is it base64url encoded?");
  });
});

describe('files from strings', () => {
  it('takes the content type from a data URL, or the one given', async () => {
    const { fileFromString } = await import('./client/string-upload');
    const fromDataUrl = fileFromString('data:image/png;base64,iVBORw0KGgo=', 'data_url', 'a.png');
    expect(fromDataUrl.type).toBe('image/png');
    expect(new Uint8Array(await fromDataUrl.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(fileFromString('aGVsbG8', 'base64', 'a.txt', 'text/plain').type).toBe('text/plain');
    expect(() => fileFromString('P_8', 'base64', 'x')).toThrow("Invalid character '_' found: is it base64url encoded?");
  });
});
