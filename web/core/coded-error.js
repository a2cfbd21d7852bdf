// An Error that carries a code and its parameters: the engine's refusals and the page's
// own, which i18n.js's errorText turns into a sentence (never parsed from the message).
export class CodedError extends Error {
  /**
   * @param {string} message
   * @param {string | null} code
   * @param {Object<string, any>} [params]
   */
  constructor(message, code, params = {}) {
    super(message);
    this.code = code;
    this.params = params;
  }
}
