/** Styles of the widget, inside its shadow root so the host page's CSS neither leaks in nor is touched. */
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.bubble { position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%;
  border: none; cursor: pointer; background: var(--accent); color: #fff; box-shadow: 0 4px 14px rgba(0,0,0,.25);
  display: flex; align-items: center; justify-content: center; z-index: 2147483000; }
.bubble svg { width: 28px; height: 28px; fill: currentColor; }
.panel { position: fixed; right: 20px; bottom: 88px; width: 340px; max-width: calc(100vw - 40px);
  height: 460px; max-height: calc(100vh - 120px); background: #fff; border-radius: 12px; overflow: hidden;
  box-shadow: 0 8px 30px rgba(0,0,0,.25); display: flex; flex-direction: column; z-index: 2147483000; }
.panel[hidden] { display: none; }
.header { background: var(--accent); color: #fff; padding: 12px 14px; display: flex; align-items: center; gap: 8px; }
.header strong { flex: 1; font-size: 15px; }
.close { background: transparent; border: none; color: #fff; font-size: 20px; cursor: pointer; line-height: 1; }
.status { font-size: 12px; color: #8c8c8c; padding: 4px 12px; min-height: 0; }
.status:empty { display: none; }
.list { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f5f5f5; }
.greeting { align-self: flex-start; background: #fff; color: #262626; padding: 8px 12px; border-radius: 10px;
  font-size: 14px; max-width: 85%; }
.msg { max-width: 85%; padding: 8px 12px; border-radius: 10px; font-size: 14px; white-space: pre-wrap;
  overflow-wrap: anywhere; }
.msg[data-sender="customer"] { align-self: flex-end; background: var(--accent); color: #fff; }
.msg[data-sender="operator"] { align-self: flex-start; background: #fff; color: #262626; }
.msg .who { display: block; font-size: 11px; opacity: .7; margin-bottom: 2px; }
.msg.pending { opacity: .6; }
.msg.failed { background: #ff4d4f; cursor: pointer; }
.msg .note { display: block; font-size: 11px; margin-top: 2px; }
.msg .buttons { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
.msg .option { border: 1px solid var(--accent); color: var(--accent); background: #fff; border-radius: 12px; padding: 2px 10px; cursor: pointer; font: inherit; }
.form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #f0f0f0; background: #fff; }
.input { flex: 1; resize: none; border: 1px solid #d9d9d9; border-radius: 8px; padding: 8px; font-size: 14px;
  height: 40px; outline: none; }
.input:focus { border-color: var(--accent); }
.send { border: none; border-radius: 8px; padding: 0 14px; background: var(--accent); color: #fff; cursor: pointer;
  font-size: 14px; }
`;
