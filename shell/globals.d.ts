declare const __WEB_CLIENT_ID__: string;
declare const __WEB_CLIENT_SECRET__: string;
