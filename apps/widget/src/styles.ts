// The widget's styles, inside its shadow root: the host page's CSS cannot reach them, nor they the page.
// `color` is the company's colour already made readable: white text goes on it and it goes on white.
export const styles = (color: string) => `
:host{all:initial}
[hidden]{display:none!important}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:${color};color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000;font-size:26px;line-height:56px}
.badge{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;border-radius:10px;background:#c92a2a;color:#fff;font-size:12px;line-height:20px;padding:0 5px}
.window{position:fixed;right:20px;bottom:88px;width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 120px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden;z-index:2147483000;color:#222;font-size:14px}
.window[hidden]{display:none}
header{background:${color};color:#fff;padding:14px 16px;font-weight:600;display:flex;justify-content:space-between;align-items:center}
header button{background:none;border:0;color:#fff;font-size:20px;cursor:pointer}
.notice{background:#fff4e6;color:#8a4b00;padding:8px 12px;font-size:13px}
.notice[hidden]{display:none}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:6px;background:#f7f7f8}
.msg{max-width:80%;padding:8px 10px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word}
.in{align-self:flex-end;background:${color};color:#fff}
.out{align-self:flex-start;background:#fff;border:1px solid #e5e5e5}
.msg a{color:inherit}
.pending{opacity:.6}
.meta{font-size:11px;opacity:.75;margin-top:2px}
.quote{font-size:12px;opacity:.8;border-left:3px solid currentColor;padding:2px 6px;margin-bottom:4px;overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.typing{font-size:12px;color:#666;padding:0 12px 6px;min-height:18px;background:#f7f7f8}
form.compose{display:flex;border-top:1px solid #e5e5e5;align-items:center}
form.compose textarea{flex:1;border:0;resize:none;padding:12px;font-size:14px;height:48px;outline:none}
form.compose button,label.attach{background:none;border:0;color:${color};font-weight:600;cursor:pointer;padding:0 12px;font-size:14px}
label.attach input{display:none}
form.prechat{padding:16px;display:flex;flex-direction:column;gap:10px;flex:1;overflow-y:auto}
form.prechat input{padding:8px;border:1px solid #ccc;border-radius:6px;font-size:14px;width:100%}
form.prechat button{background:${color};color:#fff;border:0;border-radius:6px;padding:10px;font-size:14px;cursor:pointer}
.error{color:#c92a2a;font-size:13px}
.csat{margin-top:8px;display:flex;flex-direction:column;gap:6px;white-space:normal}
.csat-scale{display:flex;gap:4px}
.csat-scale button{flex:1;min-width:32px;padding:6px 0;border:1px solid ${color};border-radius:6px;background:#fff;color:${color};font-weight:600;cursor:pointer}
.csat-scale button[aria-pressed="true"]{background:${color};color:#fff}
.csat textarea{border:1px solid #ccc;border-radius:6px;padding:6px;font-size:13px;resize:vertical;min-height:40px}
.csat-send{background:${color};color:#fff;border:0;border-radius:6px;padding:8px;cursor:pointer}
.csat-send:disabled{opacity:.5;cursor:default}
`;
