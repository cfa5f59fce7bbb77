// DynamoDB Local has no option for the address it listens on, and its Jetty server binds every interface:
// anyone on the network could read the database. This launcher builds the server exactly as DynamoDB Local's
// own main does, then pins its connector to the address given first. `startDynamoDbLocal` compiles it once per
// source and Java version (the file carries its class's name, as javac wants) and runs the class.
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public class DynamoDbBind {
  public static void main(String[] args) throws Exception {
    String host = args[0];
    DynamoDBProxyServer proxy =
        ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost(host);
    proxy.start();
  }
}
