import '@arco-design/web-react/lib/_util/react-19-adapter';
