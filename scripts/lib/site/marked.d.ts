/** The part of marked 4 the site uses (marked 4 ships no declarations; Redoc renders with it). */
declare module "marked" {
  export const marked: {
    lexer(markdown: string): unknown[];
    walkTokens(tokens: unknown[], visit: (token: { type: string; raw: string; href?: string }) => void): void;
    parser(tokens: unknown[]): string;
  };
}
